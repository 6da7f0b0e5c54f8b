import Testing
@testable import Extract
