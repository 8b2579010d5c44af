-- The fact table aggregated on its skewed key alone, without a join.
select
    f_key,
    count(*) as fact_rows,
    sum(f_value) as total_value,
    min(f_date) as first_date
from
    fact
group by
    f_key
