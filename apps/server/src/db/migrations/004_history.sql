-- History panels. A record's own audit rows are read through audit_log_entity_record_idx
-- (entity, record_id, at). These add what a job's and a Yellow Bucket container's history also
-- show: the containers a job gained or lost (created in it, moved into or out of it, deleted from
-- it, moved to the Yellow Bucket), and the move that made a Yellow Bucket container. The
-- expressions must stay exactly as the history repository writes them.
CREATE INDEX audit_log_container_job_idx
  ON audit_log ((coalesce(after->>'job_id', after->'container'->>'job_id', before->'container'->>'job_id')), at)
  WHERE entity = 'container';

CREATE INDEX audit_log_container_left_job_idx
  ON audit_log ((before->>'job_id'), at)
  WHERE entity = 'container' AND action = 'move';

CREATE INDEX audit_log_yellow_bucket_origin_idx
  ON audit_log ((after->'container'->>'id'))
  WHERE entity = 'container' AND action = 'move-to-yellow-bucket';
