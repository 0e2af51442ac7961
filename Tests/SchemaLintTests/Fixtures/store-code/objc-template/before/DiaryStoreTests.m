#import <XCTest/XCTest.h>
#import <CoreData/CoreData.h>

// A test target's code: its abort() and file removal never run on a person's device.
@interface DiaryStoreTests : XCTestCase
@end

@implementation DiaryStoreTests
- (void)testStoreOpens {
    NSURL *storeURL = [[NSURL fileURLWithPath:NSTemporaryDirectory()] URLByAppendingPathComponent:@"Test.sqlite"];
    NSPersistentStoreCoordinator *coordinator = [[NSPersistentStoreCoordinator alloc] initWithManagedObjectModel:[NSManagedObjectModel new]];
    NSError *error = nil;
    if (![coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:storeURL options:nil error:&error]) {
        abort();
    }
    [[NSFileManager defaultManager] removeItemAtURL:storeURL error:nil];
}
@end
