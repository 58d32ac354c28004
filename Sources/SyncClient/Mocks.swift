import Unimplemented

extension SyncClient {
  /// Every step a failing double: a test states the sync it uses.
  public static let failing = SyncClient(
    setup: { unimplemented("SyncClient.setup") }, initialize: { _ in unimplemented("SyncClient.initialize") },
    run: { _, _ in unimplemented("SyncClient.run") }, status: { unimplemented("SyncClient.status") },
    off: { unimplemented("SyncClient.off") }, startAfterQuit: { unimplemented("SyncClient.startAfterQuit") })

  /// Never set up: the simulator and ui-test Worlds keep to themselves.
  public static let off = SyncClient(
    setup: { nil }, initialize: { _ in throw SyncFailure("this World does not sync") },
    run: { _, _ in throw SyncFailure("sync is not set up") }, status: { nil }, off: { nil }, startAfterQuit: {})
}
