#!/bin/sh
# The main job of `make run`: the seed's first pipelines, end to end.
set -e
cd "$(dirname "$0")/.."
for ex in seed_insert_only seed_from_datastream_schemas; do
  echo "== $ex"
  ./build/examples/$ex
done
echo "== eddy -f examples/sql/pipeline.sql"
./build/eddy -f examples/sql/pipeline.sql
