-- Partitioned join and a count per join key: the heavy key's rows all meet in one join partition.
select
    d_key,
    d_name,
    count(*) as fact_rows,
    max(f_date) as last_date
from
    fact
    join dim on f_key = d_key
group by
    d_key,
    d_name
