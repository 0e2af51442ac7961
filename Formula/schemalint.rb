# Homebrew formula for schemalint, built from the release's source archive (macOS and Linux).
#
# Made from Formula/schemalint.rb in the schemalint repository: the release workflow
# (.github/workflows/release.yml) writes each release's url and sha256 into it
# (scripts/render-formula.sh) and publishes it to the tap schemalint/homebrew-schemalint, so that
# one command installs schemalint:
#
#   brew install schemalint/schemalint/schemalint
#
# In the template, the url and the zero sha256 are placeholders.
class Schemalint < Formula
  desc "Linter for Core Data and SwiftData model changes that break synced or migrated stores"
  homepage "https://github.com/schemalint/schemalint"
  url "https://github.com/schemalint/schemalint/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/schemalint/schemalint.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on "libxml2"
  depends_on "libyaml"
  # Swift 6: Xcode 16 or its Command Line Tools on macOS (Sonoma or later), the swift formula on Linux.
  depends_on macos: :sonoma

  uses_from_macos "swift" => :build

  def install
    # SwiftPM's own sandbox cannot run inside Homebrew's on macOS; on Linux the Swift runtime is
    # linked in, so the binary does not need the swift formula once built.
    args = OS.mac? ? ["--disable-sandbox"] : ["--static-swift-stdlib"]
    system "swift", "build", *args, "--configuration", "release", "--product", "schemalint"
    bin.install ".build/release/schemalint"
  end

  test do
    assert_match(/^\d+\.\d+\.\d+/, shell_output("#{bin}/schemalint --version"))
    assert_equal version.to_s, shell_output("#{bin}/schemalint --version").strip unless version.head?
    # Version 2 of a synced model drops an attribute that apps on version 1 keep writing.
    (testpath/"models").mkpath
    (testpath/"models/v1.yaml").write <<~YAML
      model: Notes
      version: 1
      cloudkit: true
      entities:
        Note:
          attributes:
            title: string
    YAML
    (testpath/"models/v2.yaml").write <<~YAML
      model: Notes
      version: 2
      cloudkit: true
      entities:
        Note:
          attributes:
            body: string
    YAML
    output = shell_output("#{bin}/schemalint #{testpath}/models", 1)
    assert_match "models/v2.yaml:6:5: error: attribute 'Note.title' was removed", output
    assert_match "[attribute-removed]", output
  end
end
