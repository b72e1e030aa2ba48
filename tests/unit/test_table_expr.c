/*
 * test_table_expr.c -- the Table API expression string parser: each form of
 * Flink's string grammar is parsed into the SQL AST and printed back (fully
 * parenthesised SQL, which pins the tree down), with aliases and orderings
 * lifted out of the items; errors in Flink's "Could not parse expression at
 * column N" layout; depth limits.
 */
#include "sql/parser.h"
#include "test.h"

static Arena A;

/* The items of s printed as "sql [AS a, b] [ASC|DESC]; ..." or "ERR msg". */
static const char *T(const char *s) {
    AstTableItem **items;
    int n;
    EdErr e = {0};
    if (eddy__sql_parse_table_exprs(&A, s, strlen(s), &items, &n, &e) != EDDY_OK) {
        const char *r = eddy__arena_printf(&A, "ERR %s", e.msg ? e.msg : "(null)");
        eddy__err_clear(&e);
        return r;
    }
    Buf b;
    eddy__buf_init(&b);
    for (int i = 0; i < n; i++) {
        if (i) eddy__buf_puts(&b, "; ");
        eddy__sql_unparse_expr_full(&b, items[i]->expr);
        for (int k = 0; k < items[i]->naliases; k++)
            eddy__buf_printf(&b, "%s%s", k ? ", " : " AS ", items[i]->aliases[k]->name);
        if (items[i]->order) eddy__buf_puts(&b, items[i]->order == 2 ? " DESC" : " ASC");
    }
    const char *r = eddy__arena_strdup(&A, eddy__buf_cstr(&b));
    eddy__buf_free(&b);
    return r;
}

TEST(fields_literals_and_aliases) {
    ASSERT_STR_EQ(T("a, b as c, *"), "`a`; `b` AS c; *");
    ASSERT_STR_EQ(T("a + 1 as b"), "(`a` + 1) AS b");
    ASSERT_STR_EQ(T("f0 AS (x, y)"), "`f0` AS x, y");
    ASSERT_STR_EQ(T("a.as(x)"), "`a` AS x");
    ASSERT_STR_EQ(T("'It''s', \"say \"\"hi\"\"\", true, FALSE"), "'It''s'; 'say \"hi\"'; TRUE; FALSE");
    ASSERT_STR_EQ(T("12, 12L, 1.5, 1.5f, 1.5p, 2e3, 7p"),
                  "12; CAST(12 AS BIGINT NOT NULL); 1.5; CAST(1.5 AS FLOAT NOT NULL); 1.5; 2e3; CAST(7 AS "
                  "DECIMAL(1, 0) NOT NULL)");
    ASSERT_STR_EQ(T("Null(INT), nullOf(STRING)"), "CAST(NULL AS INT); CAST(NULL AS STRING)");
    ASSERT_STR_EQ(T("$a_1, _b"), "`$a_1`; `_b`");
}

TEST(operators_and_precedence) {
    /* || and && share one precedence and associate to the left */
    ASSERT_STR_EQ(T("c_id = 'c_001' || c_id = 'c_003'"), "((`c_id` = 'c_001') OR (`c_id` = 'c_003'))");
    ASSERT_STR_EQ(T("a || b && c"), "((`a` OR `b`) AND `c`)");
    ASSERT_STR_EQ(T("a === b, a == b, a !== b, a != b, a <> b"),
                  "(`a` = `b`); (`a` = `b`); (`a` <> `b`); (`a` <> `b`); (`a` <> `b`)");
    ASSERT_STR_EQ(T("a + b * c - d / e % f"), "((`a` + (`b` * `c`)) - ((`d` / `e`) % `f`))");
    ASSERT_STR_EQ(T("!a, -a, +a, !(a > 1)"), "(NOT `a`); (-`a`); `a`; (NOT (`a` > 1))");
    ASSERT_STR_EQ(T("'c' >= f - 5.seconds && c < f + 6.seconds"),
                  "(('c' >= (`f` - INTERVAL '5' SECOND(10))) AND (`c` < (`f` + INTERVAL '6' SECOND(10))))");
}

TEST(methods) {
    ASSERT_STR_EQ(T("a.upperCase(), a.lowerCase, 'x'.charLength(), a.initCap()"),
                  "UPPER(`a`); LOWER(`a`); CHAR_LENGTH('x'); INITCAP(`a`)");
    ASSERT_STR_EQ(T("a.substring(1, 16) as m, concat_ws(c, ' come ', d)"),
                  "SUBSTRING(`a`, 1, 16) AS m; CONCAT_WS(`c`, ' come ', `d`)");
    ASSERT_STR_EQ(T("a.sum, b.count, c.avg as x, d.max.distinct, e.count.distinct()"),
                  "SUM(`a`); COUNT(`b`); AVG(`c`) AS x; MAX(DISTINCT `d`); COUNT(DISTINCT `e`)");
    ASSERT_STR_EQ(T("a.isNull, b.isNotNull(), a.like('x%'), a.similar('y'), a.between(1, 2), a.in(1, 2, 3)"),
                  "(`a` IS NULL); (`b` IS NOT NULL); (`a` LIKE 'x%'); (`a` SIMILAR TO 'y'); (`a` BETWEEN 1 AND 2)"
                  "; (`a` IN (1, 2, 3))");
    ASSERT_STR_EQ(T("a.cast(LONG), cast(a, STRING), a.cast(DECIMAL(10, 2)), a.toDate, a.toTimestamp()"),
                  "CAST(`a` AS BIGINT); CAST(`a` AS STRING); CAST(`a` AS DECIMAL(10, 2)); CAST(`a` AS DATE); "
                  "CAST(`a` AS TIMESTAMP(3))");
    ASSERT_STR_EQ(T("a.trim(), trim(a), a.trim(LEADING, 'x'), trim(TRAILING, ' ', a)"),
                  "TRIM(`a`); TRIM(`a`); TRIM(LEADING 'x' FROM `a`); TRIM(TRAILING ' ' FROM `a`)");
    ASSERT_STR_EQ(T("a.extract(DAY), extract(a, YEAR), a.floor(HOUR), ceil(a, MINUTE), floor(a)"),
                  "EXTRACT(DAY FROM `a`); EXTRACT(YEAR FROM `a`); FLOOR(`a` TO HOUR); CEIL(`a` TO MINUTE); FLOOR(`a`)");
    ASSERT_STR_EQ(T("a.?(1, 2), ?(a, 1, 2), a.log(2), p.get('d'), a.dateFormat('yyyy')"),
                  "IF(`a`, 1, 2); IF(`a`, 1, 2); LOG(2, `a`); `p`.`d`; DATE_FORMAT(`a`, 'yyyy')");
    ASSERT_STR_EQ(T("a.desc, b.asc(), c"), "`a` DESC; `b` ASC; `c`");
    ASSERT_STR_EQ(T("b.sum over w as s, w.start, 2.rows, current_row, UNBOUNDED_RANGE"),
                  "SUM(`b`) OVER `w` AS s; START(`w`); #ROWS(2); #CURRENT_ROW; #UNBOUNDED_RANGE");
}

TEST(intervals) {
    ASSERT_STR_EQ(T("10.minutes, 2.minute, 1.year, 3.months, 5.days, 2.hours, 7.seconds, 1500.millis, 2.weeks"),
                  "INTERVAL '10' MINUTE(10); INTERVAL '2' MINUTE(10); INTERVAL '1' YEAR(10); INTERVAL '3' MONTH(10); "
                  "INTERVAL '5' DAY(10); INTERVAL '2' HOUR(10); INTERVAL '7' SECOND(10); INTERVAL '1.500' SECOND(10); "
                  "INTERVAL '2' WEEK(10)");
    ASSERT_STR_EQ(T("a.minutes"), "INTERVAL `a` MINUTE");
}

TEST(errors) {
    ASSERT_STR_EQ(T("a +"), "ERR Could not parse expression at column 4: Invalid expression: end of expression found.\n"
                            "a +\n   ^");
    ASSERT_STR_EQ(T("a b"), "ERR Could not parse expression at column 3: End of expression expected but 'b' found.\n"
                            "a b\n  ^");
    ASSERT_STR_EQ(T("upper(a"), "ERR Could not parse expression at column 8: ')' expected but end of expression found.\n"
                                "upper(a\n       ^");
    ASSERT_STR_EQ(T("'abc"), "ERR Could not parse expression at column 1: Unterminated string literal.\n'abc\n^");
    ASSERT_STR_EQ(T("a.cast(FOO)"), "ERR Could not parse expression at column 8: Unknown data type 'FOO'.\n"
                                    "a.cast(FOO)\n       ^");
    ASSERT_STR_EQ(T(""), "ERR Could not parse expression at column 1: Invalid expression: end of expression found.\n\n^");
    ASSERT_STR_EQ(T("12345678901"), "ERR Could not parse expression at column 1: Invalid number literal 12345678901 (use "
                                    "12345678901L for a BIGINT).\n12345678901\n^");
    ASSERT_STR_EQ(T("a.extract(FOO)"), "ERR Could not parse expression at column 11: Time interval unit expected.\n"
                                       "a.extract(FOO)\n          ^");
}

/* A string of n copies of open, then "a", then n copies of close. */
static char *nested(size_t n, char open, char close) {
    char *s = malloc(2 * n + 2);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) s[k++] = open;
    s[k++] = 'a';
    for (size_t i = 0; close && i < n; i++) s[k++] = close;
    s[k] = 0;
    return s;
}

/* Found by the fuzzer: functions spelled like the parser's internal markers
 * ($AS was the alias marker) were taken for them. Markers start with '#',
 * which no name can. */
TEST(names_like_markers) {
    ASSERT_STR_EQ(T("$AS(a, 1), $asc(b), $ROWS(c) as d"), "$AS(`a`, 1); $asc(`b`); $ROWS(`c`) AS d");
    ASSERT_STR_CONTAINS(T("#AS(a)"), "ERR Could not parse expression at column 1");
}

TEST(depth_limit) {
    /* deep nesting is refused, never a stack overflow */
    char *parens = nested(20000, '(', ')'), *nots = nested(20000, '!', 0);
    const char *r1 = T(parens), *r2 = T(nots);
    free(parens);
    free(nots);
    ASSERT_STR_CONTAINS(r1, "Expression nested too deeply.");
    ASSERT_STR_CONTAINS(r2, "Expression nested too deeply.");
}

int main(void) {
    eddy__arena_init(&A, 1 << 16);
    RUN(fields_literals_and_aliases);
    RUN(operators_and_precedence);
    RUN(methods);
    RUN(intervals);
    RUN(errors);
    RUN(names_like_markers);
    RUN(depth_limit);
    eddy__arena_destroy(&A);
    return test_report();
}
