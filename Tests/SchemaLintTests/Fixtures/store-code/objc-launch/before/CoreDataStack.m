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
        NSDictionary *options = @{NSMigratePersistentStoresAutomaticallyOption: @YES, NSInferMappingModelAutomaticallyOption: @YES};
        _coordinator = [[NSPersistentStoreCoordinator alloc] initWithManagedObjectModel:[NSManagedObjectModel mergedModelFromBundles:nil]];
        NSURL *storeURL = [[[NSFileManager defaultManager] URLsForDirectory:NSApplicationSupportDirectory inDomains:NSUserDomainMask].lastObject URLByAppendingPathComponent:@"Sync.sqlite"];
        NSError *error = nil;
        if (![_coordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:storeURL options:options error:&error]) {
            [self.delegate stack:self didFailToOpenStore:error];
        }
    }
    return self;
}

@end
