#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a C call that returns -1 and sets `errno` when it fails, and runs it again for as
/// long as it fails with `EINTR`.
///
/// `EINTR` means a signal handler (installed without `SA_RESTART`, or interrupting a call
/// the kernel never restarts, such as `poll`) ran before the call did anything, so running
/// it again is right: for `open`, `read`, `write`, `send`, `recv`, `fsync`, `ioctl`,
/// `poll`, but not for `close` (the number is already freed) or `connect` (the connection
/// goes on in the background). This is the program's one `EINTR` loop. (ALSA's `-EINTR`
/// from `snd_pcm_writei` is a return code, not `errno`, that `snd_pcm_recover` handles.)
///
/// `call` may run several times, so it recomputes anything that depends on time (as
/// ``Poll/wait(_:timeout:)`` does with its timeout).
///
/// - Returns: what `call` returned, when that is not -1.
/// - Throws: ``Errno`` with the `errno` of any other failure.
public func retryingInterrupts<Value: FixedWidthInteger & SignedInteger>(
  _ call: () -> Value
) throws(Errno) -> Value {
  while true {
    let result = call()
    if result != -1 { return result }
    let code = Errno.current
    if code != .interrupted { throw code }
  }
}
