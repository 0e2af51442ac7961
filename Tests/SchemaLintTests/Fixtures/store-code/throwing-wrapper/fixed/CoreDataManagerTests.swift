import CoreData
import XCTest
@testable import Journal

/// A test target's code: its `try!` and `fatalError` never run on a person's device.
final class CoreDataManagerTests: XCTestCase {
    func testOpensAStoreInATemporaryFolder() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Test.sqlite")
        let manager = try! CoreDataManager(storeURL: url, model: NSManagedObjectModel())
        XCTAssertNotNil(manager.viewContext)
    }

    func testRemovesTheStoreAfterwards() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Test.sqlite")
        do {
            _ = try CoreDataManager(storeURL: url, model: NSManagedObjectModel())
        } catch {
            fatalError("the test store did not open: \(error)")
        }
        try FileManager.default.removeItem(at: url)
    }
}
