"""Benchmarks and quality measurements for pagechunk (run from the repo root)."""
