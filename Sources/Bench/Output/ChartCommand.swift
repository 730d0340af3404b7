import Foundation
import WalkthroughKernel

/// `bench chart --output FILE.svg [FILE…] [run options]`: runs the suite (or reads a saved
/// run with `--input`) and draws it (`Chart`).
enum ChartCommand {
    static let spec = CommandSpec(
        name: "chart", usage: ["--output FILE.svg [FILE…] [options]", "--output FILE.svg --input RUN.json"],
        summary: "Draws a run, measured now or saved as JSON, as an SVG chart.",
        details: ["Per scenario: ns per subview against subviews (log–log), and below it each implementation's time",
                  "divided by limit's, so that the fast ones can be told apart.",
                  "FILE…   walkthrough files to measure instead of the built-in scenarios, as for bench run."],
        options: [
            .option("output", "FILE.svg", "where the chart goes (required)", default: "none"),
            .option("input", "RUN.json", "draw this saved run instead of measuring (no other options then)", default: "measure now"),
        ] + RunCommand.measureOptions)

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, spec)
        guard let path = args.value("output") else { throw BenchError("missing --output FILE.svg; \(spec.usageLine)") }
        let output: OutputFile, report: Report
        if let input = args.value("input") {
            // Nothing is measured: every other option and FILE would go unused.
            guard args.given == ["output", "input"], args.positional.isEmpty else {
                throw BenchError("--input draws a saved run and takes only --output; measuring options and FILEs do not apply")
            }
            output = try OutputFile(path, inputs: [input])
            report = try RunFile.load(input).report
            try write(report, to: output)
        } else {
            output = try OutputFile(path, inputs: args.positional)
            let suite = try RunCommand.suiteOptions(args)
            let results = try Suite.run(suite) { line in
                if suite.progress { StandardStreams.progress(line + "\n") }
            }
            report = Report(build: .current(), results: results)
            try write(report, to: output)
        }
        return output.report("wrote \(output.shown)\n")
    }

    static func write(_ report: Report, to output: OutputFile) throws(BenchError) {
        try output.write(Chart(report: report).svg())
    }
}
