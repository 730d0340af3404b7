// Two uses of one executable:
// - built with `-sanitize=fuzzer -DFUZZING` (scripts/fuzz.sh), `main` hands control to
//   libFuzzer's driver, which calls `fuzzOneInput` with generated inputs;
// - built plainly, `fuzz-walkthrough FILE…` replays inputs (a corpus, a crash file) through
//   the same check and exits 1 on a finding.
import Foundation

/// libFuzzer's entry for programs that have their own `main` (SwiftPM always gives an
/// executable one). Simple pointer and integer arguments: the Swift and C conventions agree.
#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif

/// The callback libFuzzer's runtime also links against by name.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    if let finding = FuzzTarget.run(UnsafeBufferPointer(start: data, count: size)) {
        fatalError("finding: \(finding)")
    }
    return 0
}

@main
struct FuzzMain {
    static func main() {
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
        #else
        replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    static func replay(_ paths: [String]) {
        var findings = 0
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("\(path): cannot read")
                findings += 1
                continue
            }
            if let finding = data.withUnsafeBytes({ FuzzTarget.run($0.bindMemory(to: UInt8.self)) }) {
                print("\(path): \(finding)")
                findings += 1
            }
        }
        print("replayed \(paths.count) inputs, \(findings) findings")
        exit(findings == 0 ? 0 : 1)
    }
}
