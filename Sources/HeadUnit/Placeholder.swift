enum HeadUnitPlaceholder {}
