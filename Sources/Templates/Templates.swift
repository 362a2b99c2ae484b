/// Templates (CarPlay-style screens) and the map camera.
