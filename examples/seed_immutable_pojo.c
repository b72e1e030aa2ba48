/*
 * seed_immutable_pojo -- an opaque type (Flink: an immutable POJO the
 * DataStream API can only treat as a generic type) becomes a RAW column
 * f0; declaring the column with a structured type gives the table proper
 * fields, and `as` renames it. The documentation's third variant assigns
 * table3 but prints table (a known typo); here both variants print.
 */
#include <eddy.h>
#include <stdio.h>

typedef struct User {
    const char *name;
    int32_t score;
} User;

static int user_to_string(void *ctx, const void *obj, char *buf, size_t cap) {
    (void)ctx;
    const User *u = obj;
    return snprintf(buf, cap, "User{name='%s', score=%d}", u->name, (int)u->score);
}

int main(void) {
    eddy_env *env = eddy_env_new(NULL);
    eddy_tenv *tenv = eddy_tenv_new(env);

    /* the DataStream side only knows an opaque value */
    eddy_raw_ops ops = {.abi_version = EDDY_RAW_OPS_VERSION, .size = sizeof(User), .to_string = user_to_string};
    const eddy_type *raw = eddy_type_raw(env, "User", &ops);
    User users[] = {{"Alice", 4}, {"Bob", 6}, {"Alice", 10}};
    eddy_stream *ds = eddy_from_raw(env, raw, users, 3);

    /* every record is an atomic value: a table with a single column f0 */
    eddy_table_print_schema(eddy_tenv_from_datastream(tenv, ds, NULL), stdout);

    /* declare a more useful type for the column and rename it */
    eddy_field fields[] = {EDDY_FIELD(User, name, "STRING"), EDDY_FIELD(User, score, "INT")};
    const eddy_type *user_type = eddy_type_struct(env, "User", sizeof(User), fields, 2);
    eddy_schema *schema = eddy_schema_new(env);
    eddy_schema_column_typed(schema, "f0", user_type);
    eddy_table *table = eddy_table_as(eddy_tenv_from_datastream(tenv, ds, schema), "user", NULL);
    eddy_table_print_schema(table, stdout);

    /* the same type, built explicitly field by field */
    eddy_field fields3[] = {EDDY_FIELD(User, name, "STRING"), EDDY_FIELD(User, score, "INT")};
    const eddy_type *user_type3 = eddy_type_struct(env, "User", sizeof(User), fields3, 2);
    eddy_schema *schema3 = eddy_schema_new(env);
    eddy_schema_column_typed(schema3, "f0", user_type3);
    eddy_table *table3 = eddy_table_as(eddy_tenv_from_datastream(tenv, ds, schema3), "user", NULL);
    eddy_table_print_schema(table3, stdout);

    int rc = 0;
    if (eddy_env_errcode(env) != EDDY_OK) {
        fprintf(stderr, "error: %s\n", eddy_env_errmsg(env));
        rc = 1;
    }
    eddy_env_free(env);
    return rc;
}
