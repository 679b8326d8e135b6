package solve

// ReplaySteps is replaySteps for the tests outside the package.
var ReplaySteps = replaySteps
