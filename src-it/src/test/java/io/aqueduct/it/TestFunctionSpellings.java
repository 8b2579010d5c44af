package io.aqueduct.it;

import static io.aqueduct.it.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.aqueduct.it.cluster.AqueductCluster;
import io.aqueduct.it.cluster.SharedCluster;
import io.aqueduct.it.oracle.DuckDbOracle;
import io.aqueduct.it.oracle.QueryResult;
import io.aqueduct.it.oracle.ResultComparator;
import io.aqueduct.it.oracle.ResultReader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MODE, SIN, COS, TAN, COT, ASIN, ACOS, ATAN, ATAN2, DEGREES, RADIANS, CBRT, LOG2, PostgreSQL's TO_CHAR of dates and timestamps
 * and TO_DATE and TO_TIMESTAMP reading them, TRANSLATE, INSTR, COUNT_IF, MAKE_DATE, DuckDB's STRFTIME, STRPTIME and
 * REGEXP_MATCHES, SPLIT_PART, REPLACE, REGEXP_REPLACE, REGEXP_LIKE, SIMILAR TO, REGEXP_EXTRACT and REGEXP_SUBSTR, MD5, ASCII, CHR, STRING_AGG, RANDOM and PERCENTILE_CONT,
 * PERCENTILE_DISC, MEDIAN;
 * OCTET_LENGTH, BIT_LENGTH, DAYNAME, MONTHNAME, LAST_DAY, ARBITRARY; other dialects' spellings of
 * standard functions (IFNULL, NVL, IF, IIF, SUBSTR, CONCAT_WS, BOOL_AND, BOOL_OR, NOW, DATE_PART, DATEDIFF, DATEADD,
 * DATE_ADD, TRUNC, LOG, STARTS_WITH, ENDS_WITH); GENERATE_SERIES; CAST of an integer to BOOLEAN, BIGINT literals of 19 digits; a DATE plus or minus an integer, the days between two DATEs, ILIKE,
 * and the JDBC escape functions ({@code {fn UCASE(x)}}) and clauses ({@code {oj ...}}, {@code {escape 'c'}},
 * {@code {limit n offset m}}) through JDBC on real workers, on TPC-H SF 0.01 compared with
 * DuckDB; bad units and argument counts fail with their SQLStates.
 */
@ExtendWith(SharedCluster.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestFunctionSpellings {
    private final AqueductCluster cluster;
    private DuckDbOracle oracle;
    private Connection connection;

    TestFunctionSpellings(AqueductCluster cluster) {
        this.cluster = cluster;
    }

    @BeforeAll
    void open() throws SQLException {
        oracle = DuckDbOracle.load(0.01);
        connection = cluster.connect();
    }

    @AfterAll
    void close() throws SQLException {
        connection.close();
        oracle.close();
    }

    /** Aqueduct's SQL and DuckDB's for the same question. */
    static Stream<Arguments> spellings() {
        return Stream.of(
                pair(
                        "SELECT o_orderkey, IFNULL(NULLIF(o_orderstatus, 'F'), 'x') AS a,"
                                + " NVL(NULLIF(o_orderpriority, '1-URGENT'), 'y') AS b FROM orders",
                        "SELECT o_orderkey, coalesce(NULLIF(o_orderstatus, 'F'), 'x') AS a,"
                                + " coalesce(NULLIF(o_orderpriority, '1-URGENT'), 'y') AS b FROM orders"),
                pair(
                        "SELECT o_orderkey, IF(o_totalprice > 100000, 'large', 'small') AS a,"
                                + " IIF(o_orderstatus = 'O', 1, 0) AS b FROM orders",
                        "SELECT o_orderkey, CASE WHEN o_totalprice > 100000 THEN 'large' ELSE 'small' END AS a,"
                                + " CASE WHEN o_orderstatus = 'O' THEN 1 ELSE 0 END AS b FROM orders"),
                same("SELECT o_orderkey, substr(o_comment, 3, 5) AS a, substr(o_comment, 10) AS b FROM orders"),
                same("SELECT o_orderkey, concat_ws('-', o_orderstatus, NULLIF(o_orderpriority, '5-LOW'), o_clerk) AS a,"
                        + " concat_ws(', ', NULLIF(o_orderstatus, 'O'), NULLIF(o_orderstatus, 'F')) AS b FROM orders"),
                same("SELECT o_orderkey, split_part(o_clerk, '#', 2) AS a, split_part(o_comment, ' ', 3) AS b,"
                        + " split_part(o_comment, ' ', 40) AS c, md5(o_comment) AS d, ascii(o_comment) AS e,"
                        + " chr(CAST(o_custkey % 26 + 65 AS INTEGER)) AS f FROM orders"),
                // REPLACE with an empty search string leaves the string as it is.
                same("SELECT o_orderkey, replace(o_comment, '', 'x') AS a, replace(o_comment, 'ly', '') AS b,"
                        + " replace(o_clerk, '0', 'o') AS c FROM orders"),
                same("SELECT o_orderkey, regexp_replace(o_comment, '[aeiou]', '*') AS a,"
                        + " regexp_replace(o_comment, '[aeiou]+', '*', 'g') AS b,"
                        + " regexp_replace(o_clerk, '(\\w+)#0*(\\d+)', '\\2-\\1') AS c,"
                        + " regexp_replace(o_comment, 'SLY', '!', 'gi') AS d FROM orders"),
                // Values join in arrival order, which differs between engines: compared through order-blind measures.
                same("SELECT o_orderstatus, length(string_agg(o_orderpriority, ', ')) AS a, count(*) AS b,"
                        + " length(string_agg(CASE WHEN o_orderkey % 7 = 0 THEN o_clerk END, '')) AS c"
                        + " FROM orders GROUP BY o_orderstatus"),
                same("SELECT r_name, string_agg(n_name, ', ') AS a, length(string_agg(n_name, '')) AS b"
                        + " FROM nation JOIN region ON n_regionkey = r_regionkey AND n_nationkey IN (0, 1, 4, 6, 8)"
                        + " GROUP BY r_name"),
                // With an ORDER BY the values join in that order; LISTAGG's WITHIN GROUP is DuckDB's STRING_AGG ORDER
                // BY.
                same("SELECT r_name, string_agg(n_name, ', ' ORDER BY n_name) AS a,"
                        + " string_agg(n_name, '|' ORDER BY n_nationkey DESC) AS b"
                        + " FROM nation JOIN region ON n_regionkey = r_regionkey GROUP BY r_name ORDER BY r_name"),
                same("SELECT o_orderstatus, string_agg(o_clerk, ',' ORDER BY o_totalprice DESC, o_orderkey) AS a,"
                        + " string_agg(CASE WHEN o_orderkey % 3 = 0 THEN o_orderpriority END, ';'"
                        + " ORDER BY o_orderdate, o_orderkey) AS b"
                        + " FROM orders WHERE o_orderkey < 2000 GROUP BY o_orderstatus ORDER BY o_orderstatus"),
                pair(
                        "SELECT listagg(r_name, '-') WITHIN GROUP (ORDER BY r_name DESC) AS a FROM region",
                        "SELECT string_agg(r_name, '-' ORDER BY r_name DESC) AS a FROM region"),
                // PERCENTILE_CONT and MEDIAN are DOUBLE, as DuckDB's are for DOUBLE and integer values. (WITHIN GROUP's
                // ORDER BY makes the comparison ordered.)
                pair(
                        "SELECT o_orderpriority, median(o_totalprice) AS a,"
                                + " percentile_cont(0.9) WITHIN GROUP (ORDER BY o_totalprice) AS b,"
                                + " percentile_cont(0.25) WITHIN GROUP (ORDER BY o_custkey DESC) AS c,"
                                + " median(o_shippriority) AS d,"
                                + " median(CASE WHEN o_orderstatus = 'P' THEN o_totalprice END) AS e"
                                + " FROM orders GROUP BY o_orderpriority ORDER BY o_orderpriority",
                        "SELECT o_orderpriority, median(CAST(o_totalprice AS DOUBLE)) AS a,"
                                + " percentile_cont(0.9) WITHIN GROUP (ORDER BY CAST(o_totalprice AS DOUBLE)) AS b,"
                                + " percentile_cont(0.25) WITHIN GROUP (ORDER BY o_custkey DESC) AS c,"
                                + " median(o_shippriority) AS d,"
                                + " median(CASE WHEN o_orderstatus = 'P' THEN CAST(o_totalprice AS DOUBLE) END) AS e"
                                + " FROM orders GROUP BY o_orderpriority ORDER BY o_orderpriority"),
                same("SELECT o_orderpriority, percentile_disc(0.5) WITHIN GROUP (ORDER BY o_totalprice) AS a,"
                        + " percentile_disc(0.9) WITHIN GROUP (ORDER BY o_orderdate) AS b,"
                        + " percentile_disc(0.1) WITHIN GROUP (ORDER BY o_custkey) AS c,"
                        + " percentile_disc(1) WITHIN GROUP (ORDER BY o_shippriority) AS d,"
                        + " percentile_disc(0.3) WITHIN GROUP (ORDER BY o_totalprice DESC) AS e,"
                        + " percentile_disc(0.75) WITHIN GROUP (ORDER BY o_orderdate DESC) AS f,"
                        + " percentile_disc(0) WITHIN GROUP (ORDER BY o_custkey DESC) AS g"
                        + " FROM orders GROUP BY o_orderpriority ORDER BY o_orderpriority"),
                pair(
                        "SELECT median(l_extendedprice) AS a,"
                                + " percentile_cont(0.5) WITHIN GROUP (ORDER BY l_quantity DESC NULLS LAST) AS b,"
                                + " percentile_cont(1) WITHIN GROUP (ORDER BY l_discount) AS c FROM lineitem",
                        "SELECT median(CAST(l_extendedprice AS DOUBLE)) AS a,"
                                + " percentile_cont(0.5) WITHIN GROUP (ORDER BY CAST(l_quantity AS DOUBLE) DESC) AS b,"
                                + " percentile_cont(1) WITHIN GROUP (ORDER BY CAST(l_discount AS DOUBLE)) AS c"
                                + " FROM lineitem"),
                pair(
                        "SELECT o_orderkey, regexp_like(o_comment, 'fur.*dep') AS a, regexp_like(o_comment, 'SLY', 'i') AS b,"
                                + " octet_length(o_comment) AS c, bit_length(o_clerk) AS d, dayname(o_orderdate) AS e,"
                                + " monthname(o_orderdate) AS f, last_day(o_orderdate) AS g FROM orders",
                        "SELECT o_orderkey, regexp_matches(o_comment, 'fur.*dep') AS a,"
                                + " regexp_matches(o_comment, 'SLY', 'i') AS b, strlen(o_comment) AS c,"
                                + " strlen(o_clerk) * 8 AS d, dayname(o_orderdate) AS e, monthname(o_orderdate) AS f,"
                                + " last_day(o_orderdate) AS g FROM orders"),
                // SIMILAR TO matches the whole string with SQL's regular expressions (% and _ as in LIKE).
                pair(
                        "SELECT o_orderkey, o_comment SIMILAR TO '%(fur|sly)%' AS a,"
                                + " o_clerk NOT SIMILAR TO 'Clerk#0{5}[1-4]%' AS b, o_orderpriority SIMILAR TO '[1-3]-_+' AS c,"
                                + " o_comment SIMILAR TO '%#_%' ESCAPE '#' AS d, o_comment SIMILAR TO '%\\%%' AS e FROM orders",
                        "SELECT o_orderkey, regexp_full_match(o_comment, '.*(fur|sly).*') AS a,"
                                + " NOT regexp_full_match(o_clerk, 'Clerk#0{5}[1-4].*') AS b,"
                                + " regexp_full_match(o_orderpriority, '[1-3]-.+') AS c,"
                                + " regexp_full_match(o_comment, '.*_.*') AS d, contains(o_comment, '%') AS e FROM orders"),
                // An integer is true unless it is 0; an integer literal that fits a BIGINT is one.
                pair(
                        "SELECT n_nationkey, CAST(n_nationkey - 5 AS BOOLEAN) AS a,"
                                + " CAST(CAST(n_regionkey AS BIGINT) AS BOOLEAN) AS b,"
                                + " 9223372036854775807 - n_nationkey AS c, -9223372036854775808 + n_nationkey AS d FROM nation",
                        "SELECT n_nationkey, CAST(n_nationkey - 5 AS BOOLEAN) AS a,"
                                + " CAST(CAST(n_regionkey AS BIGINT) AS BOOLEAN) AS b,"
                                + " 9223372036854775807 - n_nationkey AS c, CAST(-9223372036854775807 - 1 AS BIGINT) + n_nationkey AS d"
                                + " FROM nation"),
                pair(
                        "SELECT o_orderstatus, arbitrary(o_orderstatus) AS a, count(*) AS b FROM orders"
                                + " WHERE regexp_like(o_clerk, '0{3}[1-4]') GROUP BY o_orderstatus",
                        "SELECT o_orderstatus, arbitrary(o_orderstatus) AS a, count(*) AS b FROM orders"
                                + " WHERE regexp_matches(o_clerk, '0{3}[1-4]') GROUP BY o_orderstatus"),
                same("SELECT o_orderstatus, bool_and(o_totalprice > 1000) AS a, bool_or(o_totalprice > 400000) AS b"
                        + " FROM orders GROUP BY o_orderstatus"),
                same("SELECT date_part('year', o_orderdate) AS y, date_part('month', o_orderdate) AS m,"
                        + " date_part('Quarter', o_orderdate) AS q, count(*) FROM orders"
                        + " GROUP BY date_part('year', o_orderdate), date_part('month', o_orderdate),"
                        + " date_part('Quarter', o_orderdate)"),
                pair(
                        "SELECT l_orderkey, l_linenumber, datediff('day', l_shipdate, l_receiptdate) AS days,"
                                + " datediff('months', DATE '1992-01-01', l_shipdate) AS months FROM lineitem",
                        "SELECT l_orderkey, l_linenumber, datediff('day', l_shipdate, l_receiptdate) AS days,"
                                + " datediff('month', DATE '1992-01-01', l_shipdate) AS months FROM lineitem"),
                pair(
                        "SELECT o_orderkey, dateadd('day', 3, o_orderdate) AS a, dateadd('months', -1, o_orderdate) AS b,"
                                + " date_add(o_orderdate, INTERVAL '2' DAY) AS c FROM orders",
                        "SELECT o_orderkey, o_orderdate + 3 AS a, CAST(o_orderdate - INTERVAL 1 MONTH AS DATE) AS b,"
                                + " CAST(date_add(o_orderdate, INTERVAL 2 DAY) AS DATE) AS c FROM orders"),
                // Trigonometric functions, CBRT and LOG2, in DOUBLE.
                same("SELECT n_nationkey, sin(n_nationkey) AS a, cos(n_nationkey) AS b, tan(n_nationkey) AS c,"
                        + " cot(n_nationkey + 1) AS d, asin(n_nationkey / 25.0) AS e, acos(n_nationkey / 25.0) AS f,"
                        + " atan(n_nationkey) AS g, atan2(n_nationkey, n_regionkey - 2) AS h, degrees(n_nationkey) AS i,"
                        + " radians(n_nationkey * 15) AS j, cbrt(n_nationkey - 12) AS k, log2(n_nationkey + 1) AS l"
                        + " FROM nation ORDER BY n_nationkey"),
                // MODE(x) and PostgreSQL's mode() WITHIN GROUP (ORDER BY x), where the most frequent value is unique.
                same("SELECT l_returnflag, mode(l_linenumber) AS a, mode(CAST(l_linenumber AS DOUBLE)) AS b,"
                        + " mode() WITHIN GROUP (ORDER BY l_linenumber) AS c, mode(l_shipmode) AS d"
                        + " FROM lineitem GROUP BY l_returnflag ORDER BY l_returnflag"),
                same("SELECT l_shipmode, mode(l_discount) AS a FROM lineitem GROUP BY l_shipmode ORDER BY l_shipmode"),
                // Of equally frequent values MODE answers the smallest, as PostgreSQL does.
                pair(
                        "SELECT o_orderpriority, mode(o_orderdate) AS a FROM orders GROUP BY o_orderpriority"
                                + " ORDER BY o_orderpriority",
                        "SELECT o_orderpriority, min(o_orderdate) AS a FROM (SELECT o_orderpriority, o_orderdate,"
                                + " count(*) AS c, max(count(*)) OVER (PARTITION BY o_orderpriority) AS m"
                                + " FROM orders GROUP BY o_orderpriority, o_orderdate) WHERE c = m"
                                + " GROUP BY o_orderpriority ORDER BY o_orderpriority"),
                // DATEDIFF counts unit boundaries, as DuckDB, SQL Server and Snowflake (weeks from Monday).
                same("SELECT o_orderkey, datediff('month', DATE '1993-01-31', o_orderdate) AS a,"
                        + " datediff('year', DATE '1993-12-31', o_orderdate) AS b,"
                        + " datediff('quarter', o_orderdate, DATE '1998-03-31') AS c,"
                        + " datediff('week', DATE '1994-01-01', o_orderdate) AS d,"
                        + " datediff('day', CAST(o_orderdate AS TIMESTAMP) + INTERVAL '23' HOUR,"
                        + " CAST(o_orderdate AS TIMESTAMP) + INTERVAL '25' HOUR) AS e,"
                        + " datediff('hour', CAST(o_orderdate AS TIMESTAMP) + o_orderkey % 60 * INTERVAL '1' MINUTE,"
                        + " CAST(o_orderdate AS TIMESTAMP) + INTERVAL '1' HOUR) AS f FROM orders"),
                // PostgreSQL's x::type and type names (TEXT, INT4, ...), as DuckDB takes them too.
                same("SELECT o_orderkey::text AS a, o_totalprice::int8 AS b, o_orderdate::text AS c,"
                        + " (o_custkey % 7)::int2 AS d, o_totalprice::float8 / 2 AS e, (o_orderkey % 2 = 0)::text AS f,"
                        + " o_shippriority::bool AS g, CAST(o_clerk AS string) AS h, '12'::int4 + o_orderkey AS i"
                        + " FROM orders"),
                // PostgreSQL's regular expression matches anywhere in the string (DuckDB's ~ matches it whole).
                pair(
                        "SELECT count(*) FILTER (WHERE o_comment ~ 'fur[a-z]+ly') AS a,"
                                + " count(*) FILTER (WHERE o_comment ~* 'FUR[A-Z]+LY') AS b,"
                                + " count(*) FILTER (WHERE o_comment !~ '^the') AS c,"
                                + " count(*) FILTER (WHERE o_clerk !~* 'CLERK#0000000[0-4]') AS d FROM orders",
                        "SELECT count(*) FILTER (WHERE regexp_matches(o_comment, 'fur[a-z]+ly')) AS a,"
                                + " count(*) FILTER (WHERE regexp_matches(o_comment, 'FUR[A-Z]+LY', 'i')) AS b,"
                                + " count(*) FILTER (WHERE NOT regexp_matches(o_comment, '^the')) AS c,"
                                + " count(*) FILTER (WHERE NOT regexp_matches(o_clerk, 'CLERK#0000000[0-4]', 'i')) AS d"
                                + " FROM orders"),
                // Trino's DATE_ADD with a unit string.
                pair(
                        "SELECT o_orderkey, date_add('day', 3, o_orderdate) AS c, date_add('month', -1, o_orderdate) AS d"
                                + " FROM orders",
                        "SELECT o_orderkey, o_orderdate + 3 AS c, CAST(o_orderdate - INTERVAL 1 MONTH AS DATE) AS d"
                                + " FROM orders"),
                // PostgreSQL's TO_CHAR templates, DuckDB's strftime formats.
                pair(
                        "SELECT o_orderkey, to_char(o_orderdate, 'YYYY-MM') AS a, to_char(o_orderdate, 'Mon DD, YYYY') AS b,"
                                + " to_char(o_orderdate, 'FMMonth FMDD') AS c, to_char(o_orderdate, 'Dy DDD') AS d,"
                                + " to_char(CAST(o_orderdate AS TIMESTAMP) + o_orderkey * INTERVAL '1' MINUTE,"
                                + " 'YYYY-MM-DD HH24:MI:SS HH12 AM') AS e FROM orders",
                        "SELECT o_orderkey, strftime(o_orderdate, '%Y-%m') AS a, strftime(o_orderdate, '%b %d, %Y') AS b,"
                                + " strftime(o_orderdate, '%B %-d') AS c, strftime(o_orderdate, '%a %j') AS d,"
                                + " strftime(CAST(o_orderdate AS TIMESTAMP) + o_orderkey * INTERVAL 1 MINUTE,"
                                + " '%Y-%m-%d %H:%M:%S %I %p') AS e FROM orders"),
                // PostgreSQL's TO_DATE and TO_TIMESTAMP read TO_CHAR templates, DuckDB's strptime its formats.
                pair(
                        "SELECT o_orderkey, to_date(to_char(o_orderdate, 'DD Mon YYYY'), 'DD Mon YYYY') AS a,"
                                + " to_date(to_char(o_orderdate, 'YYYYMMDD'), 'YYYYMMDD') AS b,"
                                + " to_timestamp(CAST(o_orderdate AS VARCHAR) || ' ' || LPAD(CAST(o_orderkey % 12 + 1"
                                + " AS VARCHAR), 2, '0') || ':' || CAST(o_custkey % 60 AS VARCHAR) || ' PM',"
                                + " 'YYYY-MM-DD HH12:MI AM') AS c, to_timestamp(o_orderkey * 1000.25) AS d FROM orders",
                        "SELECT o_orderkey, CAST(strptime(strftime(o_orderdate, '%d %b %Y'), '%d %b %Y') AS DATE) AS a,"
                                + " o_orderdate AS b,"
                                + " strptime(CAST(o_orderdate AS VARCHAR) || ' ' || LPAD(CAST(o_orderkey % 12 + 1"
                                + " AS VARCHAR), 2, '0') || ':' || LPAD(CAST(o_custkey % 60 AS VARCHAR), 2, '0')"
                                + " || ' PM', '%Y-%m-%d %I:%M %p') AS c,"
                                + " make_timestamp(CAST(o_orderkey * 1000.25 * 1000000 AS BIGINT)) AS d FROM orders"),
                same("SELECT o_orderkey, translate(o_comment, 'aeiou', 'AE') AS a, instr(o_comment, 'the') AS b,"
                        + " make_date(CAST(extract(year FROM o_orderdate) AS INTEGER), CAST(o_orderkey % 12 + 1 AS INTEGER),"
                        + " CAST(o_custkey % 28 + 1 AS INTEGER)) AS c FROM orders"),
                same("SELECT o_orderstatus, count_if(o_totalprice > 100000) AS a, count_if(o_comment LIKE '%zz%') AS b"
                        + " FROM orders GROUP BY o_orderstatus"),
                // DuckDB's STRFTIME, STRPTIME and REGEXP_MATCHES, as DuckDB spells them.
                same("SELECT o_orderkey, strftime(o_orderdate, '%A, %B %-d %Y (%j) %a %b %y') AS a,"
                        + " strftime(CAST(o_orderdate AS TIMESTAMP) + o_orderkey * INTERVAL '1' SECOND,"
                        + " '%Y-%m-%dT%H:%M:%S.%f %I %p') AS b,"
                        + " strptime(strftime(o_orderdate, '%d/%m/%Y') || ' ' || CAST(o_orderkey % 24 AS VARCHAR),"
                        + " '%d/%m/%Y %H') AS c, regexp_matches(o_comment, 'fur[a-z]+s') AS d,"
                        + " regexp_matches(o_comment, '^SLY', 'i') AS e FROM orders"),
                // The approximate percentiles are the exact discrete one, DuckDB's QUANTILE_DISC.
                pair(
                        "SELECT l_returnflag, approx_percentile(l_quantity, 0.5) AS a,"
                                + " approx_quantile(l_extendedprice, 0.9) AS b, percentile_approx(l_shipdate, 0.25) AS c"
                                + " FROM lineitem GROUP BY l_returnflag",
                        "SELECT l_returnflag, quantile_disc(l_quantity, 0.5) AS a,"
                                + " quantile_disc(l_extendedprice, 0.9) AS b, quantile_disc(l_shipdate, 0.25) AS c"
                                + " FROM lineitem GROUP BY l_returnflag"),
                // REGEXP_EXTRACT is NULL without a match, where DuckDB answers ''.
                pair(
                        "SELECT c_custkey, regexp_extract(c_phone, '[0-9]+') AS a,"
                                + " regexp_extract(c_phone, '([0-9]+)-([0-9]+)', 2) AS b,"
                                + " regexp_substr(c_comment, 'fur[a-z]*') AS c FROM customer",
                        "SELECT c_custkey, NULLIF(regexp_extract(c_phone, '[0-9]+'), '') AS a,"
                                + " NULLIF(regexp_extract(c_phone, '([0-9]+)-([0-9]+)', 2), '') AS b,"
                                + " NULLIF(regexp_extract(c_comment, 'fur[a-z]*'), '') AS c FROM customer"),
                // DAY(x), which the grammar took for the reserved word.
                same("SELECT o_orderkey, day(o_orderdate) AS a, day(CAST(o_orderdate AS TIMESTAMP)) AS b FROM orders"
                        + " WHERE day(o_orderdate) > 20"),
                // The unit as a keyword, as SQL Server, Snowflake and Redshift write it.
                pair(
                        "SELECT o_orderkey, datediff(day, o_orderdate, DATE '1998-12-31') AS a,"
                                + " datediff(month, DATE '1992-01-01', o_orderdate) AS b,"
                                + " dateadd(day, 3, o_orderdate) AS c, dateadd(month, -1, o_orderdate) AS d FROM orders",
                        "SELECT o_orderkey, datediff('day', o_orderdate, DATE '1998-12-31') AS a,"
                                + " datediff('month', DATE '1992-01-01', o_orderdate) AS b,"
                                + " o_orderdate + 3 AS c, CAST(o_orderdate - INTERVAL 1 MONTH AS DATE) AS d FROM orders"),
                same("SELECT o_orderkey, trunc(o_totalprice) AS a, log(2, o_totalprice) AS b, log(o_totalprice) AS c"
                        + " FROM orders"),
                pair(
                        "SELECT o_orderkey, starts_with(o_comment, 'sly') AS a, ends_with(o_comment, 'ly') AS b"
                                + " FROM orders",
                        "SELECT o_orderkey, starts_with(o_comment, 'sly') AS a, suffix(o_comment, 'ly') AS b"
                                + " FROM orders"),
                pair(
                        "SELECT o_orderkey, o_orderdate + 1 AS a, o_orderdate - 30 AS b, 7 + o_orderdate AS c,"
                                + " o_orderdate + o_custkey % 100 AS d FROM orders",
                        // DuckDB adds INTEGER days only, and its o_custkey is a BIGINT.
                        "SELECT o_orderkey, o_orderdate + 1 AS a, o_orderdate - 30 AS b, 7 + o_orderdate AS c,"
                                + " o_orderdate + CAST(o_custkey % 100 AS INTEGER) AS d FROM orders"),
                same("SELECT count(*) FROM lineitem WHERE l_receiptdate > l_commitdate + 10"),
                same("SELECT l_receiptdate - l_commitdate AS days, count(*) FROM lineitem"
                        + " GROUP BY l_receiptdate - l_commitdate"),
                same("SELECT o_orderpriority, count(*) FROM orders WHERE o_comment ILIKE '%SLY%'"
                        + " GROUP BY o_orderpriority"),
                same("SELECT count(*) FROM customer WHERE c_name NOT ILIKE 'customer#00000%'"),
                pair(
                        "SELECT o_orderkey, {fn UCASE(o_orderstatus)} AS a, {fn LCASE(o_clerk)} AS b,"
                                + " {fn LENGTH(o_comment)} AS c, {fn ABS(o_custkey - 700)} AS d,"
                                + " {fn IFNULL(NULLIF(o_orderstatus, 'F'), 'x')} AS e,"
                                + " {fn CONCAT({fn SUBSTRING(o_comment, 1, 3)}, o_orderstatus)} AS f,"
                                + " {fn TIMESTAMPADD(SQL_TSI_DAY, 3, o_orderdate)} AS g, {fn YEAR(o_orderdate)} AS h"
                                + " FROM orders",
                        "SELECT o_orderkey, upper(o_orderstatus) AS a, lower(o_clerk) AS b, length(o_comment) AS c,"
                                + " abs(o_custkey - 700) AS d, coalesce(NULLIF(o_orderstatus, 'F'), 'x') AS e,"
                                + " substring(o_comment, 1, 3) || o_orderstatus AS f,"
                                + " CAST(o_orderdate + INTERVAL 3 DAY AS DATE) AS g, year(o_orderdate) AS h FROM orders"),
                // generate_series in FROM: numbers up and down, months added one at a time from the 31st, hours, NULL
                // (no rows), and a date spine joined with a table's rows on the workers.
                same("SELECT x, x * 2 AS y FROM generate_series(1, 100, 7) AS t(x)"),
                same("SELECT * FROM generate_series(10, -10, -7)"),
                same("SELECT * FROM generate_series(DATE '2024-01-31', DATE '2025-01-01', INTERVAL '1' MONTH)"),
                same("SELECT generate_series AS ts FROM generate_series(TIMESTAMP '2024-03-01 00:00:00',"
                        + " TIMESTAMP '2024-03-02 00:00:00', INTERVAL '90' MINUTE)"),
                same("SELECT count(*) AS c FROM generate_series(1, CAST(NULL AS INTEGER))"),
                same("SELECT d, count(o_orderkey) AS orders FROM generate_series(DATE '1995-01-01', DATE '1995-03-01',"
                        + " INTERVAL '1' DAY) AS g(d) LEFT JOIN orders ON o_orderdate = CAST(d AS DATE) GROUP BY d"),
                // The outer join, LIKE escape and limit escape clauses.
                pair(
                        "SELECT n_name, r_name, {fn UCASE(c_name)} AS c FROM {oj {oj nation LEFT OUTER JOIN region"
                                + " ON n_regionkey = r_regionkey AND r_name LIKE 'A%'}"
                                + " LEFT OUTER JOIN customer ON c_nationkey = n_nationkey AND c_custkey < 40}",
                        "SELECT n_name, r_name, upper(c_name) AS c FROM nation LEFT OUTER JOIN region"
                                + " ON n_regionkey = r_regionkey AND r_name LIKE 'A%'"
                                + " LEFT OUTER JOIN customer ON c_nationkey = n_nationkey AND c_custkey < 40"),
                pair(
                        "SELECT o_orderkey, o_comment FROM orders WHERE o_orderstatus || '_' || o_orderpriority LIKE '_#_1%' {ESCAPE '#'}"
                                + " ORDER BY o_orderkey {limit 5 offset 3}",
                        "SELECT o_orderkey, o_comment FROM orders WHERE o_orderstatus || '_' || o_orderpriority LIKE '_#_1%' ESCAPE '#'"
                                + " ORDER BY o_orderkey LIMIT 5 OFFSET 3"),
                // OVERLAY and {fn INSERT}, SPACE, and the escapes DAYNAME and MONTHNAME.
                pair(
                        "SELECT o_orderkey, overlay(o_clerk PLACING '#' FROM 6 FOR 4) AS a,"
                                + " overlay(o_comment PLACING 'xyz' FROM 3) AS b, {fn INSERT(o_orderstatus, 1, 1, '<>')} AS c,"
                                + " space(CAST(o_orderkey % 4 AS INTEGER)) || '|' AS d, {fn SPACE(2)} AS e,"
                                + " {fn DAYNAME(o_orderdate)} AS f, {fn MONTHNAME(o_orderdate)} AS g FROM orders",
                        "SELECT o_orderkey, substring(o_clerk, 1, 5) || '#' || substring(o_clerk, 10) AS a,"
                                + " substring(o_comment, 1, 2) || 'xyz' || substring(o_comment, 6) AS b,"
                                + " '<>' || substring(o_orderstatus, 2) AS c, repeat(' ', CAST(o_orderkey % 4 AS INTEGER)) || '|' AS d,"
                                + " '  ' AS e, dayname(o_orderdate) AS f, monthname(o_orderdate) AS g FROM orders"));
    }

    @ParameterizedTest
    @MethodSource("spellings")
    void equalsDuckDb(String sql, String duckDbSql) throws Exception {
        QueryResult actual;
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            actual = ResultReader.read(resultSet);
        }
        boolean ordered = sql.toLowerCase(Locale.ROOT).contains("order by");
        ResultComparator.assertSameRows(oracle.query(duckDbSql), actual.rows(), ordered);
        cluster.awaitWorkersIdle();
    }

    @Test
    void nowAndTheEscapedPiAreCurrentTimestampAndPi() throws SQLException {
        LocalDateTime before = LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
        try (Statement statement = connection.createStatement();
                ResultSet resultSet =
                        statement.executeQuery("SELECT NOW(), CURRENT_TIMESTAMP, {fn PI()}, PI() FROM region")) {
            int rows = 0;
            while (resultSet.next()) {
                rows++;
                LocalDateTime now = resultSet.getObject(1, LocalDateTime.class);
                assertThat(now).isEqualTo(resultSet.getObject(2, LocalDateTime.class));
                assertThat(now).isAfterOrEqualTo(before.minusHours(14)).isBeforeOrEqualTo(before.plusHours(14));
                assertThat(resultSet.getDouble(3)).isEqualTo(Math.PI);
                assertThat(resultSet.getDouble(4)).isEqualTo(Math.PI);
            }
            assertThat(rows).isEqualTo(5);
        }
    }

    @Test
    void randomDrawsANumberPerRowAndSamples() throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery("SELECT count(*), min(r), max(r), count(DISTINCT r)"
                        + " FROM (SELECT random() AS r FROM lineitem)")) {
            assertThat(resultSet.next()).isTrue();
            long rows = resultSet.getLong(1);
            assertThat(resultSet.getDouble(2)).isGreaterThanOrEqualTo(0);
            assertThat(resultSet.getDouble(3)).isLessThan(1);
            // Drawn per row, not folded into one constant: all but a handful of the values differ.
            assertThat(resultSet.getLong(4)).isGreaterThan(rows * 99 / 100);
        }
        assertThat(JdbcResults.countRows(connection, "SELECT o_orderkey FROM orders ORDER BY RANDOM() LIMIT 7"))
                .isEqualTo(7);
        long sampled = JdbcResults.countRows(connection, "SELECT o_orderkey FROM orders WHERE {fn RAND()} < 0.5");
        long orders = JdbcResults.countRows(connection, "SELECT o_orderkey FROM orders");
        // Half of 15,000 orders, within 10 standard deviations (61 rows each).
        assertThat(sampled).isBetween(orders / 2 - 610, orders / 2 + 610);
        assertThat(sqlFailure(() -> query("SELECT rand(42) FROM orders")).getSQLState())
                .isEqualTo("0A000");
    }

    @Test
    void badUnitsAndArgumentCountsFailWithTheirSqlStates() {
        SQLException unknownUnit = sqlFailure(() -> query("SELECT date_part('fortnight', o_orderdate) FROM orders"));
        assertThat(unknownUnit.getSQLState()).isEqualTo("22023");
        assertThat(unknownUnit.getMessage()).contains("'fortnight'", "year");
        SQLException unknownBareUnit =
                sqlFailure(() -> query("SELECT datediff(fortnight, o_orderdate, o_orderdate) FROM orders"));
        assertThat(unknownBareUnit.getSQLState()).isEqualTo("22023");
        assertThat(unknownBareUnit.getMessage()).containsIgnoringCase("'fortnight'");
        assertThat(sqlFailure(() -> query("SELECT datediff(o_comment || 'x', o_orderdate, o_orderdate) FROM orders"))
                        .getSQLState())
                .isEqualTo("0A000");
        SQLException arguments = sqlFailure(() -> query("SELECT ifnull(o_comment, 'a', 'b') FROM orders"));
        assertThat(arguments.getSQLState()).isEqualTo("42000");
        assertThat(arguments.getMessage()).contains("IFNULL takes 2 arguments, not 3");
        SQLException missingGroup = sqlFailure(() -> query("SELECT regexp_extract(o_comment, 'sly', 1) FROM orders"));
        assertThat(missingGroup.getSQLState()).isEqualTo("22023");
        assertThat(missingGroup.getMessage()).contains("REGEXP_EXTRACT group 1: the pattern 'sly' has 0");
        SQLException badPattern = sqlFailure(() -> query("SELECT regexp_like(o_comment, '(') FROM orders"));
        assertThat(badPattern.getSQLState()).isEqualTo("22023");
        assertThat(badPattern.getMessage()).contains("Invalid regular expression '('");
        SQLException zeroStep = sqlFailure(() -> query("SELECT * FROM generate_series(1, 10, 0)"));
        assertThat(zeroStep.getSQLState()).isEqualTo("22023");
        assertThat(zeroStep.getMessage()).contains("GENERATE_SERIES step must not be zero");
        assertThat(sqlFailure(() -> query("SELECT * FROM generate_series('a', 'b')"))
                        .getSQLState())
                .isEqualTo("22018");
        SQLException seriesAsValue = sqlFailure(() -> query("SELECT generate_series(1, o_orderkey) FROM orders"));
        assertThat(seriesAsValue.getSQLState()).isEqualTo("0A000");
        assertThat(seriesAsValue.getMessage()).contains("GENERATE_SERIES returns rows: call it in FROM");
        SQLException badSimilarTo = sqlFailure(() -> query("SELECT o_comment SIMILAR TO 'a(b' FROM orders"));
        assertThat(badSimilarTo.getSQLState()).isEqualTo("22023");
        assertThat(badSimilarTo.getMessage()).contains("Invalid SIMILAR TO pattern 'a(b'");
        assertThat(sqlFailure(() -> query("SELECT 99999999999999999999 + o_orderkey FROM orders"))
                        .getMessage())
                .contains("Numeric literal '99999999999999999999' out of range");
        assertThat(sqlFailure(() -> query("SELECT regexp_like(o_comment, 'a', 'g') FROM orders"))
                        .getMessage())
                .contains("Unknown REGEXP_LIKE flag 'g'");
        assertThat(sqlFailure(() -> query("SELECT median(o_orderdate) FROM orders"))
                        .getSQLState())
                .startsWith("42");
        assertThat(sqlFailure(() -> query("SELECT percentile_cont(1.5) WITHIN GROUP (ORDER BY o_custkey) FROM orders"))
                        .getSQLState())
                .startsWith("42");
        assertThat(sqlFailure(() -> query("SELECT concat_ws(',') FROM orders")).getMessage())
                .contains("CONCAT_WS takes at least 2 arguments, not 1");
        assertThat(sqlFailure(() -> query("SELECT CAST(o_orderdate AS TIMESTAMP) + 1 FROM orders"))
                        .getSQLState())
                .startsWith("42");
        assertThat(sqlFailure(() -> query("SELECT o_orderdate + 1.5 FROM orders"))
                        .getSQLState())
                .startsWith("42");
        assertThat(sqlFailure(() -> query("SELECT {fn NO_SUCH_FUNCTION(1)} FROM orders"))
                        .getSQLState())
                .startsWith("42");
    }

    private void query(String sql) throws SQLException {
        JdbcResults.countRows(connection, sql);
    }

    private static Arguments same(String sql) {
        return Arguments.of(sql, sql);
    }

    private static Arguments pair(String sql, String duckDbSql) {
        return Arguments.of(sql, duckDbSql);
    }
}
