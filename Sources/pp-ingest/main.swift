import Ingest
import PPShared

runTool(IngestCommand.spec) { args, diagnostics in
    try IngestCommand.run(args, diagnostics: diagnostics)
}
