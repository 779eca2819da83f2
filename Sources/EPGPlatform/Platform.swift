// The C library, for the files that call POSIX directly (spawning,
// descriptors, signals, waitpid, mmap): `import EPGPlatform` instead of
// each file choosing its own. Linux (Glibc) is the platform tvgrid is built
// and tested on; Darwin is named so the choice stays in this one place.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Darwin)
  @_exported import Darwin
#endif
