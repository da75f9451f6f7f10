#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processor time this process has used, for logs that say how busy the cores
/// were during a piece of work (indexing: wall time against CPU time).
public enum ProcessTime {
  /// User and system time used so far by every thread of the process, in milliseconds.
  public static func milliseconds() -> Int {
    let now = split()
    return now.user + now.system
  }

  /// User and system (kernel: reading files, listing folders) time used so far by
  /// every thread of the process, in milliseconds.
  public static func split() -> (user: Int, system: Int) {
    let usage = usage()
    func milliseconds(_ time: timeval) -> Int { Int(time.tv_sec) * 1000 + Int(time.tv_usec) / 1000 }
    return (milliseconds(usage.ru_utime), milliseconds(usage.ru_stime))
  }

  /// How many blocks of 512 bytes the calling thread has had read from storage so far
  /// (reads the page cache answered are not counted): on Linux; elsewhere, the
  /// process's.
  public static func blocksReadByThisThread() -> Int {
    #if os(Linux)
      // RUSAGE_THREAD, which needs _GNU_SOURCE in C and is not imported.
      let thread: Int32 = 1
      var own = rusage()
      if getrusage(__rusage_who_t(thread), &own) == 0 { return Int(own.ru_inblock) }
    #endif
    return Int(usage().ru_inblock)
  }

  private static func usage() -> rusage {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
  }
}
