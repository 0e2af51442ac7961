//
//  AppDelegate.m
//  Diary (the store is added asynchronously; the first screen waits for it)
//

#import "AppDelegate.h"
#import "MasterViewController.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    UINavigationController *navigationController = (UINavigationController *)self.window.rootViewController;
    MasterViewController *controller = (MasterViewController *)navigationController.topViewController;
    controller.managedObjectContext = self.persistentContainer.viewContext;
    return YES;
}

#pragma mark - Core Data stack

@synthesize persistentContainer = _persistentContainer;

- (NSPersistentContainer *)persistentContainer {
    @synchronized (self) {
        if (_persistentContainer == nil) {
            _persistentContainer = [[NSPersistentContainer alloc] initWithName:@"Diary"];
            _persistentContainer.persistentStoreDescriptions.firstObject.shouldAddStoreAsynchronously = YES;
            [_persistentContainer loadPersistentStoresWithCompletionHandler:^(NSPersistentStoreDescription *storeDescription, NSError *error) {
                if (error != nil) {
                    NSLog(@"Unresolved error %@, %@", error, error.userInfo);
                }
                [[NSNotificationCenter defaultCenter] postNotificationName:@"DiaryStoreLoaded" object:self userInfo:(error != nil ? @{@"error": error} : nil)];
            }];
        }
    }
    return _persistentContainer;
}

@end
