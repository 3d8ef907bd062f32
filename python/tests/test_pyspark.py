"""peguri.arrow inside PySpark's mapInArrow on local[2]. Opt-in, as it needs
PySpark and a JDK: PEGURI_PYSPARK=1 (see docs/python.md)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(
    os.environ.get("PEGURI_PYSPARK") != "1",
    reason="opt-in: PEGURI_PYSPARK=1 with requirements-pyspark.txt and a JDK",
)


def test_map_in_arrow(corpus: list[str], expected_invalid: int) -> None:
    import pyarrow as pa
    from pyspark.sql import SparkSession

    import peguri.arrow as ua

    # The workers run this interpreter, which has peguri and pyarrow.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("peguri")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    try:
        df = spark.createDataFrame(pa.table({"url": corpus}).to_pandas())

        def kernel(batches: Iterator[Any]) -> Iterator[Any]:
            for batch in batches:
                urls = batch.column("url")
                # Plain strings of the input's own type, as Spark reads them.
                host = pa.array(ua.host(urls))
                valid = pa.array(ua.is_valid(urls))
                yield pa.RecordBatch.from_arrays([urls, host, valid], ["url", "host", "valid"])

        out = df.mapInArrow(kernel, "url string, host string, valid boolean")
        assert out.count() == len(corpus)
        assert out.filter("valid = false").count() == expected_invalid
        assert out.filter("url is not null and host = 'example.com'").count() >= 0
    finally:
        spark.stop()
