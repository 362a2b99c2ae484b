// What the map draws is MapLayers' (layers and their features, as data); whoever draws with
// this module hands them in, so importing it brings them along.
@_exported import MapLayers
