#import <CoreData/CoreData.h>

@interface SyncedContainer : NSPersistentCloudKitContainer
@end

@implementation Store
- (NSPersistentCloudKitContainer *)container {
    NSPersistentCloudKitContainer *container = [[NSPersistentCloudKitContainer alloc] initWithName:@"Notes"];
    NSPersistentStoreDescription *description = container.persistentStoreDescriptions.firstObject;
    if (![NSUserDefaults.standardUserDefaults boolForKey:@"sync"]) {
        [description setCloudKitContainerOptions:nil];
    }
    if (description) description.cloudKitContainerOptions = nil;
    return [NSPersistentCloudKitContainer persistentContainerWithName:@"Cache"];
}
@end
