"""Markdown: reading it into blocks, and writing blocks as Markdown."""
