import { expect, test } from "bun:test";
import { RequestMetrics } from "../../src/lib/metrics.ts";

test("requests and latency render as Prometheus text: cumulative buckets, sum, count, escaped labels", () => {
  const metrics = new RequestMetrics();
  metrics.record("GET", "/api/games", 200, 0.0004);
  metrics.record("GET", "/api/games", 200, 0.02);
  metrics.record("GET", "/api/games", 304, 3);
  metrics.record("POST", 'a"b\\c', 400, 0.001);
  const text = metrics.exposition();
  expect(text).toContain('npt_http_requests_total{method="GET",route="/api/games",status="200"} 2\n');
  expect(text).toContain('npt_http_requests_total{method="GET",route="/api/games",status="304"} 1\n');
  expect(text).toContain('npt_http_requests_total{method="POST",route="a\\"b\\\\c",status="400"} 1\n');
  expect(text).toContain('npt_http_request_duration_seconds_bucket{le="0.001",route="/api/games"} 1\n');
  expect(text).toContain('npt_http_request_duration_seconds_bucket{le="0.025",route="/api/games"} 2\n');
  expect(text).toContain('npt_http_request_duration_seconds_bucket{le="2.5",route="/api/games"} 2\n');
  expect(text).toContain('npt_http_request_duration_seconds_bucket{le="+Inf",route="/api/games"} 3\n');
  expect(text).toContain('npt_http_request_duration_seconds_count{route="/api/games"} 3\n');
  expect(text).toMatch(/npt_http_request_duration_seconds_sum\{route="\/api\/games"\} 3\.0204/);
  expect(text).toContain("# TYPE npt_http_request_duration_seconds histogram\n");
});
