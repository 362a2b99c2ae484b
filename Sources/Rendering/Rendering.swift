/// Draws templates and the map into pixel buffers with cairo.
