// swift-tools-version:6.0
import PackageDescription

/// This folder, with a trailing slash: the linker runs elsewhere and needs absolute paths.
let packageRoot = String(#filePath.dropLast("Package.swift".count))

// The animation engine of BWWalkthrough as a dependency-free Swift package.
//
// `WalkthroughKernel` (sources in Sources/Kernel) is the library clients link. `bench` measures
// it beside `CAnchor`, the same math written in C, and is the only target that uses `CAnchor`;
// no target of the `WalkthroughKernel` product carries unsafe flags, so the package stays usable
// as a dependency.
let package = Package(
    name: "BWWalkthroughKernel",
    products: [
        .library(name: "WalkthroughKernel", targets: ["WalkthroughKernel"]),
        .executable(name: "bench", targets: ["Bench"]),
        // The C interface (include/bwwalkthrough.h) as a shared library for C, C++ and
        // Objective-C programs.
        .library(name: "BWWalkthroughC", type: .dynamic, targets: ["WalkthroughC"]),
        // libFuzzer target (scripts/fuzz.sh) that also replays inputs when built plainly.
        .executable(name: "fuzz-walkthrough", targets: ["FuzzWalkthrough"]),
    ],
    targets: [
        .target(
            name: "WalkthroughKernel",
            dependencies: ["KernelTarget"],
            path: "Sources/Kernel",
            swiftSettings: [
                // Checks the kernels' invariants (block ranges inside their page, aligned
                // blocks) on every kernel call: on in debug builds (the tests); add
                // `-Xswiftc -DKERNEL_INTERNAL_CHECKS` to a release build to check it too.
                .define("KERNEL_INTERNAL_CHECKS", .when(configuration: .debug)),
            ]
        ),
        // Headers WalkthroughKernel imports: the target CPU's features (fused multiply-add) at
        // compile time (kernel_target.h), and register transposes written as C shuffles,
        // inline functions the importer compiles into the Swift code (kernel_shuffles.h). No
        // library, no flags.
        .systemLibrary(name: "KernelTarget"),
        .target(name: "CWalkthroughAPI"),
        .target(
            name: "WalkthroughC",
            dependencies: ["WalkthroughKernel", "CWalkthroughAPI"],
            exclude: ["bwwalkthrough.map"],
            // Only the BWWalkthroughC product links this target, so these flags reach no
            // package that depends on `WalkthroughKernel`. The SONAME's number is the header's
            // BWW_VERSION_MAJOR (scripts/c-api-test.sh checks it); the version script
            // exports the bww_* functions only. lld (in every Swift toolchain for Linux)
            // because gold keeps the hidden symbols it reaches through the GOT in the
            // dynamic symbol table, as local entries that `nm -D` still lists.
            linkerSettings: [
                .unsafeFlags([
                    "-use-ld=lld",
                    "-Xlinker", "-soname=libBWWalkthroughC.so.1",
                    "-Xlinker", "--version-script=\(packageRoot)Sources/WalkthroughC/bwwalkthrough.map",
                ], .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "CAnchor",
            cSettings: [.unsafeFlags(["-O3"])]
        ),
        .executableTarget(
            name: "Bench",
            // CWalkthroughAPI for its header's BWW_VERSION_* macros only: `bench --version`.
            dependencies: ["WalkthroughKernel", "CAnchor", "CWalkthroughAPI"]
        ),
        .executableTarget(
            name: "FuzzWalkthrough",
            dependencies: ["WalkthroughKernel"]
        ),
        .target(
            name: "KernelTestSupport",
            dependencies: ["WalkthroughKernel"],
            path: "Tests/KernelTestSupport"
        ),
        .testTarget(
            name: "KernelTests",
            dependencies: ["WalkthroughKernel", "KernelTestSupport"]
        ),
        .testTarget(
            name: "BenchTests",
            dependencies: ["Bench", "WalkthroughKernel", "CAnchor", "KernelTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
