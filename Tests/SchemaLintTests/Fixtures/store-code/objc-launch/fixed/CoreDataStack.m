#import "CoreDataStack.h"

@implementation CoreDataStack

+ (instancetype)sharedStack {
    static CoreDataStack *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        shared = [[CoreDataStack alloc] init];
    });
    return shared;
}

- (instancetype)init {
    self = [super init];
    if (self) {
        _coordinator = [[NSPersistentStoreCoordinator alloc] initWithManagedObjectModel:[NSManagedObjectModel mergedModelFromBundles:nil]];
        dispatch_async(dispatch_get_global_queue(QOS_CLASS_USER_INITIATED, 0), ^{
            [self openStore];
        });
    }
    return self;
}

- (void)openStore {
    NSDictionary *options = @{NSMigratePersistentStoresAutomaticallyOption: @YES, NSInferMappingModelAutomaticallyOption: @YES};
    NSURL *storeURL = [[[NSFileManager defaultManager] URLsForDirectory:NSApplicationSupportDirectory inDomains:NSUserDomainMask].lastObject URLByAppendingPathComponent:@"Sync.sqlite"];
    NSError *error = nil;
    if (![self.coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:storeURL options:options error:&error]) {
        [self.delegate stack:self didFailToOpenStore:error];
    }
}

@end
