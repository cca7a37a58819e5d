-- Recurring jobs over several instances (issue 17, server/jobs/README.md): when each job last started on
-- its schedule, in the database's time. An instance's timer runs a job only when it claims the period here
-- (one statement: insert, or update when the last start is old enough), so N instances run each job once
-- per interval, not N times; when the instance that ran it stops, another one takes over at its next tick.

create table job_run (
  name text primary key,
  last_started_at timestamptz not null
);
