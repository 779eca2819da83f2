import EPGFrontEnd

// Placeholder until the command-line front end lands.
print("tvgrid")
