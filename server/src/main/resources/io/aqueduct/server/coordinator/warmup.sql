-- The coordinator's start-up workload (WarmUp): small queries over the built-in generated data that run the
-- planner, the common operators on the common types, both exchange paths and the result encoder, so that the
-- first user queries do not run in the JIT's slow early tiers. Statements end with a semicolon.

-- Aggregation on VARCHAR keys, DECIMAL arithmetic, DATE filter, sort.
select l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice * (1 - l_discount)), avg(l_discount), count(*)
from tpch.tiny.lineitem
where l_shipdate <= date '1998-09-01'
group by l_returnflag, l_linestatus
order by l_returnflag, l_linestatus;

-- Join and aggregation on BIGINT keys, many groups, top N.
select o_orderkey, o_orderdate, sum(l_extendedprice * (1 - l_discount)) as revenue
from tpch.tiny.orders join tpch.tiny.lineitem on l_orderkey = o_orderkey
where o_orderdate < date '1995-03-15' and l_shipdate > date '1995-03-15'
group by o_orderkey, o_orderdate
order by revenue desc, o_orderkey
limit 10;

-- A chain of joins, a filter on strings, few groups.
select n_name, sum(l_extendedprice * (1 - l_discount)) as revenue
from tpch.tiny.customer, tpch.tiny.orders, tpch.tiny.lineitem, tpch.tiny.supplier, tpch.tiny.nation, tpch.tiny.region
where c_custkey = o_custkey and l_orderkey = o_orderkey and l_suppkey = s_suppkey and c_nationkey = s_nationkey
    and s_nationkey = n_nationkey and n_regionkey = r_regionkey and r_name = 'ASIA'
group by n_name
order by revenue desc;

-- Outer join with a LIKE condition, counts of counts.
select c_count, count(*) as custdist
from (
    select c_custkey, count(o_orderkey) as c_count
    from tpch.tiny.customer left outer join tpch.tiny.orders
        on c_custkey = o_custkey and o_comment not like '%special%requests%'
    group by c_custkey) as c_orders
group by c_count
order by custdist desc, c_count desc;

-- Semi and anti joins, COUNT(DISTINCT).
select p_brand, p_type, p_size, count(distinct ps_suppkey) as supplier_cnt
from tpch.tiny.partsupp, tpch.tiny.part
where p_partkey = ps_partkey and p_brand <> 'Brand#45' and p_size in (49, 14, 23, 45, 19, 3, 36, 9)
    and ps_suppkey not in (select s_suppkey from tpch.tiny.supplier where s_comment like '%Customer%Complaints%')
    and exists (select 1 from tpch.tiny.lineitem where l_partkey = p_partkey and l_quantity > 45)
group by p_brand, p_type, p_size
order by supplier_cnt desc, p_brand, p_type, p_size;

-- A global aggregate under a selective filter.
select sum(l_extendedprice * l_discount) as revenue
from tpch.tiny.lineitem
where l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01'
    and l_discount between 0.05 and 0.07 and l_quantity < 24;

-- A window function and a CASE.
select o_custkey, o_orderkey, o_totalprice,
    rank() over (partition by o_custkey order by o_totalprice desc) as price_rank,
    case when o_orderpriority like '1%' then 'urgent' else 'other' end as urgency
from tpch.tiny.orders
where o_orderkey < 2000;

-- Many rows to the client: the result encoder for every common column type.
select o_orderkey, o_custkey, o_orderstatus, o_totalprice, o_orderdate, o_orderpriority, o_shippriority, o_comment
from tpch.tiny.orders
order by o_totalprice desc, o_orderkey;

-- Join and aggregation on INTEGER keys.
select d_group, count(*) as fact_rows, sum(f_value) as total_value
from skew.tiny.fact join skew.tiny.dim on f_key = d_key
group by d_group;
