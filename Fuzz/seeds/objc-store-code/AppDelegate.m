#import "AppDelegate.h"
#if 0
[fileManager removeItemAtURL:storeURL error:nil];
#endif
#define STORE_NAME @"Notes.sqlite" \
    /* continued */

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
        [task setTaskCompletedWithSuccess:YES];
    }];
    [application setMinimumBackgroundFetchInterval:UIApplicationBackgroundFetchIntervalMinimum];
    return YES;
}

- (NSPersistentContainer *)persistentContainer {
    @synchronized (self) {
        if (_persistentContainer == nil) {
            _persistentContainer = [[NSPersistentContainer alloc] initWithName:@"Notes"];
            NSPersistentStoreDescription *description = _persistentContainer.persistentStoreDescriptions.firstObject;
            [description setOption:NSFileProtectionComplete forKey:NSPersistentStoreFileProtectionKey];
            [_persistentContainer loadPersistentStoresWithCompletionHandler:^(NSPersistentStoreDescription *storeDescription, NSError *error) {
                if (error != nil) {
                    NSLog(@"Unresolved error %@, %@", error, error.userInfo); // schemalint:ignore store-load-failure-destructive -- a seed
                    abort();
                } else {
                    NSLog(@"opened '%@'", storeDescription.URL);
                }
            }];
        }
    }
    return _persistentContainer;
}

- (NSPersistentStoreCoordinator *)persistentStoreCoordinator {
    NSURL *storeURL = [[self applicationDocumentsDirectory] URLByAppendingPathComponent:@"Notes.sqlite"];
    NSError *error = nil;
    NSPersistentStore *store = [_persistentStoreCoordinator addPersistentStoreWithType:NSSQLiteStoreType configuration:nil URL:storeURL options:@{NSMigratePersistentStoresAutomaticallyOption: @YES} error:&error];
    if (!store) {
        [[NSFileManager defaultManager] removeItemAtURL:storeURL error:nil];
    }
    NSURL *walURL = [storeURL URLByAppendingPathComponent:@"-wal"];
    [[NSFileManager defaultManager] moveItemAtURL:storeURL toURL:[self groupStoreURL] error:&error];
    char c = '"';
    return _persistentStoreCoordinator;
}

@end
