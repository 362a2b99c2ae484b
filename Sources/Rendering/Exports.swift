// The canvas's public types (colours, screen points and rectangles, pixel buffers, the
// drawing error) are part of what this module's API speaks in.
@_exported import Canvas
// What the map draws is MapLayers' (layers and their features, as data); whoever draws with
// this module hands them in, so importing it brings them along.
@_exported import MapLayers
