create catalog c1 with ('type' = 'generic_in_memory');
