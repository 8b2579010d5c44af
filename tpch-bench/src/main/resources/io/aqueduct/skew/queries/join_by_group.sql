-- Partitioned join of the skewed fact table with its dimension, aggregated to the dimension's 100 groups.
select
    d_group,
    count(*) as fact_rows,
    sum(f_value) as total_value
from
    fact
    join dim on f_key = d_key
group by
    d_group
