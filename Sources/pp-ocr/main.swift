import OCR
import PPShared

// Before anything else: OpenMP must be limited when the process starts (see OCRCommand).
OCRCommand.ensureSingleThreadedOpenMP()
runTool(OCRCommand.spec) { args, diagnostics in try OCRCommand.run(args, diagnostics) }
