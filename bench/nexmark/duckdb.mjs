// The DuckDB side of make bench-duckdb (run by duckdb.sh in build/duckdb):
// loads data/{person,auction,bid}.csv into tables (not timed), runs each
// query as CREATE TEMP TABLE r AS <query> (timed) with threads = 1 and with
// DuckDB's default, then sums r's columns the way bench_nexmark --checksums
// sums eddy's rows, and prints both times, their ratio and whether the
// results match -- also those of the hand-written baselines (bench_nexmark
// --checksums --handwritten), when their file is given.
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
  // The stateful queries: AVG of a BIGINT is a BIGINT in Flink (truncated:
  // sum // count); windows are epoch-aligned [start, end) in milliseconds,
  // a HOP row in the five 10 s windows sliding by 2 s that hold it.
  q3: `SELECT P.name, P.city, P.state, A.id FROM auction A JOIN person P ON A.seller = P.id
        WHERE A.category = 10 AND (P.state = 'OR' OR P.state = 'ID' OR P.state = 'CA')`,
  q4: `SELECT Q.category, sum(Q.final) // count(*) AS avg_final FROM (
          SELECT MAX(B.price) AS final, A.category FROM auction A, bid B
          WHERE A.id = B.auction AND B.dateTime BETWEEN A.dateTime AND A.expires GROUP BY A.id, A.category) Q
        GROUP BY Q.category`,
  q5: `WITH h AS (SELECT auction, (epoch_ms(dateTime) // 2000 - k) * 2000 AS ws FROM bid, range(0, 5) t(k)),
          c AS (SELECT auction, ws, count(*) AS num FROM h GROUP BY auction, ws),
          m AS (SELECT ws, max(num) AS maxn FROM c GROUP BY ws)
        SELECT c.auction, c.num FROM c JOIN m ON c.ws = m.ws AND c.num >= m.maxn`,
  q7: `WITH w AS (SELECT max(price) AS maxprice, epoch_ms(dateTime) // 10000 * 10000 + 10000 AS we FROM bid GROUP BY we)
        SELECT B.auction, B.bidder, B.price, B.dateTime, B.extra FROM bid B JOIN w ON B.price = w.maxprice
        WHERE epoch_ms(B.dateTime) BETWEEN w.we - 10000 AND w.we`,
  q8: `WITH P AS (SELECT id, name, epoch_ms(dateTime) // 10000 * 10000 AS ws FROM person GROUP BY id, name, ws),
          A AS (SELECT seller, epoch_ms(dateTime) // 10000 * 10000 AS ws FROM auction GROUP BY seller, ws)
        SELECT P.id, P.name, epoch_ms(P.ws) AS stime FROM P JOIN A ON P.id = A.seller AND P.ws = A.ws`,
  q17: `SELECT auction, strftime(dateTime, '%Y-%m-%d') AS day, count(*) AS total_bids,
          count(*) FILTER (WHERE price < 10000) AS rank1_bids,
          count(*) FILTER (WHERE price >= 10000 AND price < 1000000) AS rank2_bids,
          count(*) FILTER (WHERE price >= 1000000) AS rank3_bids,
          min(price) AS min_price, max(price) AS max_price, sum(price) // count(*) AS avg_price, sum(price) AS sum_price
        FROM bid GROUP BY auction, day`,
  q20: `SELECT auction, bidder, price, channel, url, B.dateTime AS bid_dateTime, B.extra AS bid_extra, itemName,
          description, initialBid, reserve, A.dateTime AS auction_dateTime, expires, seller, category,
          A.extra AS auction_extra
        FROM bid B JOIN auction A ON B.auction = A.id WHERE A.category = 10`,
};
const TABLES = {
  person: "id BIGINT, name VARCHAR, emailAddress VARCHAR, creditCard VARCHAR, city VARCHAR, state VARCHAR, dateTime TIMESTAMP, extra VARCHAR",
  auction: "id BIGINT, itemName VARCHAR, description VARCHAR, initialBid BIGINT, reserve BIGINT, dateTime TIMESTAMP, expires TIMESTAMP, seller BIGINT, category BIGINT, extra VARCHAR",
  bid: "auction BIGINT, bidder BIGINT, price BIGINT, channel VARCHAR, url VARCHAR, dateTime TIMESTAMP, extra VARCHAR",
};

const [eddyFile, queryList, handwrittenFile] = process.argv.slice(2);
function readSums(file) {
  const out = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const [q, ...rest] = line.split(' ');
    out[q] = rest[0] === 'error' ? { error: rest.slice(1).join(' ') } : { seconds: +rest[0], sums: rest.slice(1).join(' ') };
  }
  return out;
}
const eddy = readSums(eddyFile);
const handwritten = handwrittenFile ? readSums(handwrittenFile) : {};

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
    // no field of the events is NULL: an empty one is an empty string (itemName can be)
    const strings = cols.split(', ').filter((c) => c.endsWith('VARCHAR')).map((c) => `'${c.split(' ')[0]}'`).join(', ');
    await con.run(`CREATE TABLE ${t} AS SELECT * FROM read_csv('data/${t}.csv', header = true, columns = {${spec}}, ` +
      `force_not_null = [${strings}])`);
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

console.log('| query | eddy batch | DuckDB threads=1 | DuckDB default | eddy / DuckDB(1) | results | hand-written |');
console.log('|---|---|---|---|---|---|---|');
let bad = 0;
for (const q of queryList.split(',')) {
  const e = eddy[q], d = results[q], h = handwritten[q];
  if (!d) { console.log(`| ${q} | - | - | - | - | no DuckDB version | - |`); continue; }
  const d1 = d['1'], dd = d['default'];
  let hw = '-';
  if (h && !h.error) {
    const same = h.sums === d1.sums && h.sums === dd.sums;
    if (!same) bad++;
    hw = same ? `same (${h.seconds.toFixed(3)} s)` : 'DIFFER: hand-written ' + h.sums + ' / DuckDB ' + d1.sums;
  }
  if (!e || e.error) {
    console.log(`| ${q} | ${e ? e.error.slice(0, 120) : 'not run'} | ${d1.seconds.toFixed(3)} s | ${dd.seconds.toFixed(3)} s | - | ` +
      `${d1.sums.split(' ')[0]} rows | ${hw} |`);
    continue;
  }
  const same = e.sums === d1.sums && e.sums === dd.sums;
  if (!same) bad++;
  console.log(`| ${q} | ${e.seconds.toFixed(3)} s | ${d1.seconds.toFixed(3)} s | ${dd.seconds.toFixed(3)} s | ` +
    `${(e.seconds / d1.seconds).toFixed(2)}x | ${same ? 'same (' + e.sums.split(' ')[0] + ' rows)' : 'DIFFER: eddy ' + e.sums + ' / DuckDB ' + d1.sums} | ${hw} |`);
}
process.exit(bad ? 1 : 0);
