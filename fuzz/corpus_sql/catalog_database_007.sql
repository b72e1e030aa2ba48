create catalog c1 with ('type' = 'generic_in_memory');
create catalog if not exists c1 with ('type' = 'generic_in_memory');
