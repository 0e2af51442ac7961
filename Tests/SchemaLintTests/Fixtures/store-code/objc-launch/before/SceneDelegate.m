#import "SceneDelegate.h"
#import "CoreDataStack.h"

@implementation SceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    self.syncStack = [CoreDataStack sharedStack];
}

@end
