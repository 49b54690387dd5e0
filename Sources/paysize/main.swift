import PaySizeCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A closed pipe (`paysize check … | head`) ends the output, not the process mid-report.
signal(SIGPIPE, SIG_IGN)
let status = PaySizeCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), streams: .standard)
exit(status.rawValue)
