import Foundation
import Testing
@testable import SchemaLint
import SchemaLintTestSupport

/// Formula/schemalint.rb, the Homebrew formula the release publishes to the tap: its url and
/// sha256 are the lines scripts/render-formula.sh fills in with what the release workflow
/// computes, and its `test do` block passes against the binary this test run built (run by Ruby,
/// with a stand-in for Homebrew's formula API, where Ruby is installed).
@Suite struct HomebrewFormulaTests {
    static let root = Executable.packageRoot
    static let formula = root.appendingPathComponent("Formula/schemalint.rb").path
    static let hasRuby = Shell.succeeds("ruby", ["--version"])

    @Test func theReleaseFillsInTheTemplatesURLAndChecksum() throws {
        let scratch = try TemporaryFolder()
        let url = "https://github.com/schemalint/schemalint/archive/refs/tags/v1.2.3.tar.gz"
        let checksum = String(repeating: "cd", count: 32)
        let run = try Shell.run("bash", ["scripts/render-formula.sh", scratch.path + "/tap", url, checksum], in: Self.root.path)
        try #require(run.status == 0, "\(run.output)")
        let template = try String(contentsOfFile: Self.formula, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let rendered = try String(contentsOfFile: scratch.path + "/tap/Formula/schemalint.rb", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/tap/README.md"))
        // Only the two lines differ: the template's placeholders, the release's values.
        try #require(template.count == rendered.count)
        let changed = zip(template, rendered).filter { $0 != $1 }
        try #require(changed.count == 2, "\(changed)")
        #expect(changed[0].0.hasPrefix(#"  url "https://github.com/schemalint/schemalint/archive/refs/tags/v"#) && changed[0].0.hasSuffix(#".tar.gz""#), "\(changed[0].0)")
        #expect(changed[1].0 == #"  sha256 "0000000000000000000000000000000000000000000000000000000000000000""#)
        #expect(changed.map(\.1) == [#"  url "\#(url)""#, #"  sha256 "\#(checksum)""#])
        // The release renders it with its tag's source archive and publishes it.
        let workflow = try String(contentsOfFile: Self.root.path + "/.github/workflows/release.yml", encoding: .utf8)
        #expect(workflow.contains(#"archive="https://github.com/$GITHUB_REPOSITORY/archive/refs/tags/$GITHUB_REF_NAME.tar.gz""#))
        #expect(workflow.contains(#"scripts/render-formula.sh homebrew-tap "$archive" "$checksum""#))
        #expect(workflow.contains(#"scripts/publish-to-repository.sh homebrew-tap "https://x-access-token:$TOKEN@github.com/$TAP_REPOSITORY.git" "$GITHUB_REF_NAME""#))
    }

    @Test(arguments: [
        ["/tmp/tap"], ["/tmp/tap", "http://example.com/v1.0.tar.gz", String(repeating: "0", count: 64)],
        ["/tmp/tap", "https://example.com/v1.0.zip", String(repeating: "0", count: 64)],
        ["/tmp/tap", "https://example.com/v1.0.tar.gz", "0123"],
        // The folder it replaces is never the repository or one of its folders.
        ["..", "https://example.com/v1.0.tar.gz", String(repeating: "0", count: 64)],
        ["Formula", "https://example.com/v1.0.tar.gz", String(repeating: "0", count: 64)],
    ])
    func renderingRefusesBadArguments(arguments: [String]) throws {
        let run = try Shell.run("bash", ["scripts/render-formula.sh"] + arguments, in: Self.root.path)
        #expect(run.status == 2, "\(run.output)")
        #expect(run.stderr.contains("usage: "))
    }

    /// Loads the formula with a stand-in for Homebrew's DSL (what the formula calls, nothing
    /// more) and runs its `test do` block with `bin` the folder of this run's schemalint. Ruby 2.6
    /// (macOS's own) reads it as well as Ruby 3.
    static let harness = #"""
        require "open3"
        require "pathname"
        require "tmpdir"

        class Version < String
          def head?
            start_with?("HEAD")
          end

          def to_s
            String.new(self)
          end
        end

        class Formula
          class << self
            def fields
              @fields ||= Hash.new { |hash, key| hash[key] = [] }
            end

            %i[desc homepage url sha256 head license depends_on uses_from_macos].each do |name|
              define_method(name) { |*arguments| fields[name] << arguments }
            end

            def test(&block)
              @test_block = block
            end

            attr_reader :test_block
          end

          attr_reader :bin, :testpath, :version

          def initialize(bin, testpath, version)
            @bin = Pathname(bin)
            @testpath = Pathname(testpath)
            @version = Version.new(version)
          end

          def shell_output(command, status = 0)
            output, result = Open3.capture2e(command)
            raise "#{command} exited #{result.exitstatus}, not #{status}:\n#{output}" unless result.exitstatus == status
            output
          end

          def assert_match(pattern, text)
            found = pattern.is_a?(Regexp) ? pattern.match?(text) : text.include?(pattern)
            raise "#{pattern.inspect} is not in:\n#{text}" unless found
          end

          def assert_equal(expected, actual)
            raise "expected #{expected.inspect}, got #{actual.inspect}" unless expected == actual
          end
        end

        formula, bin, version = ARGV
        load formula
        fields = Schemalint.fields
        puts "url #{fields[:url].first.first}"
        puts "sha256 #{fields[:sha256].first.first}"
        puts "depends_on #{fields[:depends_on].map(&:first).map(&:to_s).join(' ')}"
        Dir.mktmpdir do |testpath|
          Schemalint.new(bin, testpath, version).instance_eval(&Schemalint.test_block)
        end
        puts "test passed"
        """#

    @Test(.enabled(if: hasRuby, "needs ruby to run the formula's test block"))
    func theFormulasTestPasses() throws {
        #expect(try Shell.run("ruby", ["-c", Self.formula], in: Self.root.path).stdout == "Syntax OK\n")
        let scratch = try TemporaryFolder()
        let harness = try scratch.write(Self.harness, to: "harness.rb")
        let bin = Executable.binary.deletingLastPathComponent().path
        let run = try Shell.run("ruby", [harness, Self.formula, bin, SchemaLintVersion.current], in: scratch.path)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.hasPrefix("url https://github.com/schemalint/schemalint/archive/refs/tags/v"), "\(run.stdout)")
        #expect(run.stdout.contains("depends_on"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("test passed\n"), "\(run.output)")
        // A HEAD build's version is no release number: the test then checks only the form.
        let head = try Shell.run("ruby", [harness, Self.formula, bin, "HEAD-0123abc"], in: scratch.path)
        #expect(head.status == 0, "\(head.output)")
    }
}
