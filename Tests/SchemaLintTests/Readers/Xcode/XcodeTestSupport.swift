import Foundation
@testable import SchemaLint

enum XcodeFixtures {
    /// A `contents` file holding `body` inside a `<model>` element as Xcode 15 writes it.
    static func contents(_ body: String, cloudKit: Bool = false) -> String {
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="22757" \
        systemVersion="23E224" minimumToolsVersion="Automatic" sourceLanguage="Swift"\(cloudKit ? " usedWithCloudKit=\"YES\"" : "") \
        userDefinedModelVersionIdentifier="">
        \(body)
        </model>

        """
    }

    static func parse(_ xml: String, file: String = "Test.xcdatamodel/contents", cloudKit: Bool = false) throws(InputError) -> ModelVersion {
        try XcodeModelReader.parse(Data(xml.utf8), file: file, model: "Test", cloudKit: cloudKit)
    }

    /// The 1-based line and character column where `needle` first occurs in `text`.
    static func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: needle) {
                return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }
}
