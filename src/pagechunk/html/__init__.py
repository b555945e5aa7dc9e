"""The tree steps of the pipeline, one module each, in the order they run."""
