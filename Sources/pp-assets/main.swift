import Assets
import FoundationEssentials
import PPShared

runTool(AssetsCommand.spec) { args, _ in
    try AssetsCommand.run(args, environment: ProcessInfo.processInfo.environment)
}
