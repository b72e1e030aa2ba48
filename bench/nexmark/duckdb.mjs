// The DuckDB side of make bench-duckdb (run by duckdb.sh in build/duckdb):
// loads data/{person,auction,bid}.csv into tables (not timed), runs each
// query as CREATE TEMP TABLE r AS <query> (timed) with threads = 1 and with
// DuckDB's default, then sums r's columns the way bench_nexmark --checksums
// sums eddy's rows, and prints both times, their ratio and whether the
// results match.
import { DuckDBInstance } from '@duckdb/node-api';
import fs from 'fs';

// Flink's SQL in DuckDB's dialect: MOD -> %, REGEXP_EXTRACT gives '' (not
// NULL) when nothing matches, SPLIT_INDEX (0-based) -> split_part (1-based).
const CHANNEL_ID = "NULLIF(regexp_extract(url, '(&|^)channel_id=([^&]*)', 2), '')";
const QUERIES = {
  q0: 'SELECT auction, bidder, price, dateTime, extra FROM bid',
  q1: 'SELECT auction, bidder, CAST(0.908 * price AS DECIMAL(23, 3)) AS price, dateTime, extra FROM bid',
  q2: 'SELECT auction, price FROM bid WHERE auction % 123 = 0',
  q21: `SELECT auction, bidder, price, channel,
          CASE WHEN lower(channel) = 'apple' THEN '0' WHEN lower(channel) = 'google' THEN '1'
               WHEN lower(channel) = 'facebook' THEN '2' WHEN lower(channel) = 'baidu' THEN '3'
               ELSE ${CHANNEL_ID} END AS channel_id
        FROM bid WHERE ${CHANNEL_ID} IS NOT NULL OR lower(channel) IN ('apple', 'google', 'facebook', 'baidu')`,
  q22: `SELECT auction, bidder, price, channel, split_part(url, '/', 4) AS dir1, split_part(url, '/', 5) AS dir2,
          split_part(url, '/', 6) AS dir3 FROM bid`,
};
const TABLES = {
  person: "id BIGINT, name VARCHAR, emailAddress VARCHAR, creditCard VARCHAR, city VARCHAR, state VARCHAR, dateTime TIMESTAMP, extra VARCHAR",
  auction: "id BIGINT, itemName VARCHAR, description VARCHAR, initialBid BIGINT, reserve BIGINT, dateTime TIMESTAMP, expires TIMESTAMP, seller BIGINT, category BIGINT, extra VARCHAR",
  bid: "auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR, url VARCHAR, dateTime TIMESTAMP, extra VARCHAR",
};

const [eddyFile, queryList] = process.argv.slice(2);
const eddy = {};
for (const line of fs.readFileSync(eddyFile, 'utf8').split('\n').filter(Boolean)) {
  const [q, ...rest] = line.split(' ');
  eddy[q] = rest[0] === 'error' ? { error: rest.slice(1).join(' ') } : { seconds: +rest[0], sums: rest.slice(1).join(' ') };
}

function sumExpr(name, type) {
  const col = `"${name}"`;
  if (type.startsWith('VARCHAR')) return `sum(length(${col}))`;
  if (type.startsWith('TIMESTAMP')) return `sum(epoch_ms(${col}))`;
  if (type.startsWith('DECIMAL')) return `sum(CAST(${col} * 1000 AS HUGEINT))`;
  return `sum(CAST(${col} AS HUGEINT))`;
}

const results = {};
for (const threads of ['1', 'default']) {
  const instance = await DuckDBInstance.create(':memory:', threads === '1' ? { threads: '1' } : {});
  const con = await instance.connect();
  for (const [t, cols] of Object.entries(TABLES)) {
    const spec = cols.split(', ').map((c) => { const [n, ty] = c.split(' '); return `'${n}': '${ty}'`; }).join(', ');
    await con.run(`CREATE TABLE ${t} AS SELECT * FROM read_csv('data/${t}.csv', header = true, columns = {${spec}})`);
  }
  for (const q of queryList.split(',')) {
    if (!QUERIES[q]) continue;
    const t0 = performance.now();
    await con.run(`CREATE OR REPLACE TEMP TABLE r AS ${QUERIES[q]}`);
    const seconds = (performance.now() - t0) / 1000;
    const desc = (await con.runAndReadAll('DESCRIBE r')).getRows();
    const parts = ['count(*)'];
    for (const [name, type] of desc) parts.push(`count("${name}")`, sumExpr(name, String(type)));
    const row = (await con.runAndReadAll(`SELECT ${parts.join(', ')} FROM r`)).getRows()[0];
    results[q] = results[q] || {};
    results[q][threads] = { seconds, sums: row.map((v) => (v === null ? '0' : String(v))).join(' ') };
  }
}

console.log('| query | eddy batch | DuckDB threads=1 | DuckDB default | eddy / DuckDB(1) | results |');
console.log('|---|---|---|---|---|---|');
let bad = 0;
for (const q of queryList.split(',')) {
  const e = eddy[q], d = results[q];
  if (!d) { console.log(`| ${q} | - | - | - | - | no DuckDB version |`); continue; }
  const d1 = d['1'], dd = d['default'];
  if (!e || e.error) {
    console.log(`| ${q} | ${e ? e.error.slice(0, 120) : 'not run'} | ${d1.seconds.toFixed(3)} s | ${dd.seconds.toFixed(3)} s | - | - |`);
    continue;
  }
  const same = e.sums === d1.sums && e.sums === dd.sums;
  if (!same) bad++;
  console.log(`| ${q} | ${e.seconds.toFixed(3)} s | ${d1.seconds.toFixed(3)} s | ${dd.seconds.toFixed(3)} s | ` +
    `${(e.seconds / d1.seconds).toFixed(2)}x | ${same ? 'same (' + e.sums.split(' ')[0] + ' rows)' : 'DIFFER: eddy ' + e.sums + ' / DuckDB ' + d1.sums} |`);
}
process.exit(bad ? 1 : 0);
