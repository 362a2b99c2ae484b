import Foundation

/// libFuzzer's entry point: it calls this with every input it tries, and supplies `main`.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  // A copy of exactly `size` bytes, so the address sanitizer sees any read past the end.
  FuzzTarget.selected.run(Data(bytes: data, count: size))
  return 0
}

/// libFuzzer calls this once before the first input: the target is chosen (or the binary
/// says which it has and exits) before any fuzzing starts.
@_cdecl("LLVMFuzzerInitialize")
func initialize(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
  _ = FuzzTarget.selected
  return 0
}
