import EPGRaster
