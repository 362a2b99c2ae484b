import Foundation
import Navigation

/// The core's machines, in the one shape (`StateMachine`, in `Navigation`).
extension HeadUnitCore: StateMachine {}
extension LifecycleMachine: StateMachine {}
extension FleetReporter: StateMachine {}
