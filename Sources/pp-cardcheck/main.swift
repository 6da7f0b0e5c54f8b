import CardCheck
import PPShared

runTool(CardCheckCommand.spec, redact: redactingCardNumbers) { args, diagnostics in
    try CardCheckCommand.run(args, diagnostics: diagnostics)
}
