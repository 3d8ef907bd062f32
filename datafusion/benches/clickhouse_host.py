"""ClickHouse's `domain()` and `domainRFC()` over the Parquet file that
`cargo bench -p peguri-datafusion --bench host` writes, for comparison in
the same run: the same `GROUP BY` on one thread, timed in process.

    pip install chdb
    cargo bench -p peguri-datafusion --bench host -- 'host_group_by/(uri_host|split_part)$'
    python datafusion/benches/clickhouse_host.py target/tmp/peguri-bench-urls.parquet

ClickHouse's functions validate nothing and give an empty host for a
`file://` URL; "scan only" reads the column and nothing more.
"""

import statistics
import sys
import time

import chdb


def main() -> None:
    path = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    source = f"file('{path}', Parquet)"
    one_thread = "SETTINGS max_threads = 1"
    queries = {
        "domain": f"SELECT count() FROM (SELECT domain(url) AS h, count() FROM {source} GROUP BY h) {one_thread}",
        "domainRFC": f"SELECT count() FROM (SELECT domainRFC(url) AS h, count() FROM {source} GROUP BY h) {one_thread}",
        "scan only": f"SELECT count() FROM (SELECT url FROM {source} WHERE length(url) > 0) {one_thread}",
    }
    for name, sql in queries.items():
        for _ in range(2):
            chdb.query(sql, "CSV")
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            result = chdb.query(sql, "CSV")
            times.append(time.perf_counter() - start)
        print(
            f"{name}: median {statistics.median(times) * 1e3:.1f} ms "
            f"(min {min(times) * 1e3:.1f}), {str(result).strip()} rows or groups"
        )


if __name__ == "__main__":
    main()
