import CardCheck
import PPShared

runTool(CardCheckCommand.spec) { args, diagnostics in
    try CardCheckCommand.run(args, diagnostics: diagnostics)
}
